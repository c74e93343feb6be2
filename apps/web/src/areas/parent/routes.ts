// Parent area routes (docs/product.md §2, prefix /parent/); the bare prefix shows the history.
import { lazyPage } from '../../app/lazy-page';
import type { RouteDef } from '../../app/route-types';
import { PARENT_PAGES } from './texts';

type Pattern = keyof typeof PARENT_PAGES;

const ParentHome = lazyPage(() => import('./ParentHome'));
const ParentHistoryPage = lazyPage(() => import('./ParentHistoryPage'));
const ParentReportPage = lazyPage(() => import('./ParentReportPage'));
const ParentLessonPage = lazyPage(() => import('./ParentLessonPage'));

const built = (pattern: Pattern, page: RouteDef['page']): RouteDef => ({
  pattern,
  area: 'parent',
  layout: 'parent',
  title: PARENT_PAGES[pattern],
  page,
});

export const PARENT_ROUTES: RouteDef[] = [
  built('/parent', ParentHome),
  built('/parent/train/report/:id/:annoId/:showQuestion', ParentReportPage),
  built('/parent/history/:id', ParentHistoryPage),
  // A lesson of the child: its facts and replay (docs/lessons.md "Who sees what").
  built('/parent/eventutor/index/:id', ParentLessonPage),
];
