// The graph canvas's chunk (React Flow and the layout): `lazy(loadGraphCanvas)` where a graph is drawn, and
// `loadGraphCanvas()` as soon as a page knows it will draw one, so that the chunk loads while the page reads its
// graph instead of after (docs/knowledge-graph.md "Speed").
export const loadGraphCanvas = () => import('./GraphCanvas');
