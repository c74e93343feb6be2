// The editor's canvas chunk (React Flow, the layout, the editing handlers): `lazy(loadGraphEditor)` where it is
// drawn, and started by the editor's route as soon as it is matched (docs/knowledge-graph.md "Speed").
export const loadGraphEditor = () => import('./GraphEditor');
