// A read-only whiteboard scene (the lesson replay, docs/web.md "The lesson room"): `elements` as the board stores
// them (tombstones may be among them) are drawn in Excalidraw's view mode and redrawn whenever they change; image
// elements' files are fetched by id, `files` adds ones the caller already holds. Excalidraw is a chunk of its own,
// loaded only where a board is shown (docs/performance.md "Bundle").
import { Suspense } from 'react';
import type { BoardElement } from '@edu/contract';
import { lazyComponent } from '../../app/lazy-page';
import { PageSpinner } from '../PageSpinner';
import { setExcalidrawAssetPath } from './assets';
import type { BoardFile } from './files';

export interface BoardViewProps {
  /** The scene's elements (of one page: see `elementsOfPage`). */
  elements: readonly BoardElement[];
  /** Image files already at hand; the others are fetched by id. */
  files?: readonly BoardFile[];
  /** The board's height (default 480 px); it fills its container's width. */
  height?: number | string;
  className?: string;
  /** Zoom to the drawing: when it first has something (default), after every change, or never. */
  fit?: 'once' | 'always' | 'never';
}

const Canvas = lazyComponent<BoardViewProps>(() => {
  setExcalidrawAssetPath();
  return import('./BoardViewCanvas');
});

export function BoardView(props: BoardViewProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Canvas {...props} />
    </Suspense>
  );
}
