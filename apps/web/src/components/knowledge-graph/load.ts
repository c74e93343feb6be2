// The graph canvas (React Flow and the layout), a chunk of its own: `LazyGraphCanvas` where a graph is drawn, and
// `loadGraphCanvas()` as soon as a page (or its route) knows it will draw one, so that the chunk loads while the
// graph is read and the canvas then draws in the same pass as the page (docs/knowledge-graph.md "Speed").
import { lazyComponent } from '../../app/lazy-page';

export const LazyGraphCanvas = lazyComponent(() => import('./GraphCanvas'));
export const loadGraphCanvas = LazyGraphCanvas.preload;
