// How a graph is fitted into its box (GraphCanvas, the editor).
import { NODE_HEIGHT, NODE_WIDTH } from './layout';

/**
 * Fitting a wide graph into a narrow box would shrink its names past reading: never below 65 % (the rest is a pan
 * away; at 65 % the names are drawn larger, `labelSize`), never above full size for a small graph.
 */
export const FIT = { padding: 0.06, minZoom: 0.65, maxZoom: 1 } as const;

/** A node's name at full size, and the least a name may look on the screen (docs/web.md "Knowledge graph"). */
export const LABEL = { base: 13, readable: 12, line: 16 } as const;

/**
 * The names' font size and line height inside the nodes at `zoom`: 13 px at full size, larger below it so that a
 * name never looks smaller than 12 px on the screen — down to FIT.minZoom, where two lines of it still fill a node
 * (44 px, its border inside); zoomed out further by hand, the names shrink with the graph.
 */
export function labelSize(zoom: number): { font: number; line: number } {
  const largest = LABEL.readable / FIT.minZoom;
  const font = zoom > 0 ? Math.min(largest, Math.max(LABEL.base, LABEL.readable / zoom)) : LABEL.base;
  const up = (n: number) => Math.ceil(n * 10) / 10;
  return { font: up(font), line: up(Math.max(LABEL.line, font)) };
}

/**
 * Where a read-only graph opens: at the zoom that fits it (within FIT's bounds), centred across; a graph taller
 * than the box at that zoom starts at its top — its first prerequisites — instead of somewhere in its middle,
 * still centred across. With `focus` (a node's top-left: the student's next thing to learn), a graph wider than the
 * box is centred across on that node as far as its edges allow, and one taller is moved up as far as needed to show
 * it. Positions are the nodes' top-left corners.
 */
export function startViewport(
  positions: readonly { x: number; y: number }[],
  box: { width: number; height: number },
  focus?: { x: number; y: number },
): { x: number; y: number; zoom: number } {
  if (!positions.length) return { x: 0, y: 0, zoom: 1 };
  const minX = Math.min(...positions.map((p) => p.x));
  const minY = Math.min(...positions.map((p) => p.y));
  const width = Math.max(...positions.map((p) => p.x)) + NODE_WIDTH - minX;
  const height = Math.max(...positions.map((p) => p.y)) + NODE_HEIGHT - minY;
  const padX = box.width * FIT.padding;
  const padY = box.height * FIT.padding;
  const fits = Math.min((box.width - 2 * padX) / width, (box.height - 2 * padY) / height);
  const zoom = Math.min(FIT.maxZoom, Math.max(FIT.minZoom, fits));
  const wide = width * zoom > box.width - 2 * padX;
  const tall = height * zoom > box.height - 2 * padY;
  // Centred on the focus, but never so far that the graph's edge leaves empty space inside the box.
  const x =
    focus && wide
      ? Math.min(
          padX - minX * zoom,
          Math.max(box.width - padX - (minX + width) * zoom, box.width / 2 - (focus.x + NODE_WIDTH / 2) * zoom),
        )
      : box.width / 2 - (minX + width / 2) * zoom;
  let y = tall ? padY - minY * zoom : box.height / 2 - (minY + height / 2) * zoom;
  // The focus below the box's foot: moved up until it shows, a third of the way down.
  if (focus && tall && y + (focus.y + NODE_HEIGHT) * zoom > box.height - padY) y = box.height / 3 - focus.y * zoom;
  return { x, y, zoom };
}
