// Parent area routes (docs/product.md §2, prefix /parent/); the bare prefix shows the history.
import { lazyPage } from '../../app/lazy-page';
import type { IssueRef, RouteDef } from '../../app/route-types';
import { PARENT_PAGES } from './texts';

type Pattern = keyof typeof PARENT_PAGES;

const ParentHome = lazyPage(() => import('./ParentHome'));
const ParentHistoryPage = lazyPage(() => import('./ParentHistoryPage'));
const ParentReportPage = lazyPage(() => import('./ParentReportPage'));

const built = (pattern: Pattern, page: RouteDef['page']): RouteDef => ({
  pattern,
  area: 'parent',
  layout: 'parent',
  title: PARENT_PAGES[pattern],
  page,
});
const later = (pattern: Pattern, issue: IssueRef): RouteDef => ({
  pattern,
  area: 'parent',
  layout: 'parent',
  title: PARENT_PAGES[pattern],
  issue,
});

export const PARENT_ROUTES: RouteDef[] = [
  built('/parent', ParentHome),
  built('/parent/train/report/:id/:annoId/:showQuestion', ParentReportPage),
  built('/parent/history/:id', ParentHistoryPage),
  // The tutoring classroom comes with the classroom (docs/parents.md).
  later('/parent/eventutor/index/:id', 'later'),
];
