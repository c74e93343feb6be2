// The editor's canvas (React Flow, the layout, the editing handlers), a chunk of its own: `LazyGraphEditor` where it
// is drawn, started by the editor's route as soon as it is matched (docs/knowledge-graph.md "Speed").
import { lazyComponent } from '../../../app/lazy-page';

export const LazyGraphEditor = lazyComponent(() => import('./GraphEditor'));
export const loadGraphEditor = LazyGraphEditor.preload;
