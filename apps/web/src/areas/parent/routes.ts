// Parent area routes (docs/product.md §2, prefix /parent/); the bare prefix shows the history.
import { lazy } from 'react';
import type { IssueRef, RouteDef } from '../../app/route-types';
import { PARENT_PAGES } from './texts';

type Pattern = keyof typeof PARENT_PAGES;

const ParentHome = lazy(() => import('./ParentHome'));

const later = (pattern: Pattern, issue: IssueRef): RouteDef => ({
  pattern,
  area: 'parent',
  layout: 'parent',
  title: PARENT_PAGES[pattern],
  issue,
});

export const PARENT_ROUTES: RouteDef[] = [
  // A greeting until a later issue builds the children's training history.
  {
    pattern: '/parent',
    area: 'parent',
    layout: 'parent',
    title: PARENT_PAGES['/parent'],
    page: ParentHome,
    partly: 'later',
  },
  later('/parent/train/report/:id/:annoId/:showQuestion', 'later'),
  later('/parent/history/:id', 'later'),
  later('/parent/eventutor/index/:id', 'later'),
];
