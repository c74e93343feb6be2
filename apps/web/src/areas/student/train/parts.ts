// What the do-page shows a training with (docs/web.md "Route preloading"): a running paper by the page's own chunk,
// anything else (a general scheme, an ended training) by a chunk of its own, TrainingOther, which the exam page's
// first load does not download. Once the training is read, the part it needs is loaded (the route's prefetch does
// it, and a first load waits for it), so the page draws it without suspending.
import type { Training } from '@edu/contract';
import { lazyComponent } from '../../../app/lazy-page';
import type { TrainingOtherProps } from './TrainingOther';

export const TrainingOther = lazyComponent<TrainingOtherProps>(() => import('./TrainingOther'));

export const isRunningPaper = (t: Training): boolean => t.type === 'paper' && t.status === 'running' && !!t.paper;

/** Loads the part `t` is shown with (none for a running paper); settles once it is in or has failed. */
export function loadPartFor(t: Training | undefined): Promise<unknown> {
  if (!t || isRunningPaper(t)) return Promise.resolve();
  return TrainingOther.preload().catch(() => undefined);
}
