// Inside a React Flow (the editor's canvas): sizes the names for the zoom as GraphCanvas does (fit.ts labelSize),
// so that a name never looks smaller than 12 px on the screen down to FIT.minZoom — fitted into view, zoomed by
// hand or by the controls. Sets the CSS variables GraphNode reads on the flow's element; draws nothing.
import { useLayoutEffect } from 'react';
import { useStore } from '@xyflow/react';
import { labelSize } from './fit';

export function ReadableLabels() {
  const zoom = useStore((s) => s.transform[2]);
  const el = useStore((s) => s.domNode);
  useLayoutEffect(() => {
    if (!el) return;
    const { font, line } = labelSize(zoom);
    el.style.setProperty('--graph-label-size', `${font}px`);
    el.style.setProperty('--graph-label-line', `${line}px`);
  }, [el, zoom]);
  return null;
}
