// WTP teacher (homework tutor) routes (docs/product.md §2, prefix /WTPteacher/).
import { lazy } from 'react';
import type { RouteDef } from '../../app/route-types';
import { TEACHER_PAGES } from './texts';

type Pattern = keyof typeof TEACHER_PAGES;

const TeacherHome = lazy(() => import('./TeacherHome'));

const later = (pattern: Pattern): RouteDef => ({
  pattern,
  area: 'teacher',
  layout: 'teacher',
  title: TEACHER_PAGES[pattern],
  issue: 'later',
});

export const TEACHER_ROUTES: RouteDef[] = [
  {
    pattern: '/WTPteacher',
    area: 'teacher',
    layout: 'teacher',
    title: TEACHER_PAGES['/WTPteacher'],
    page: TeacherHome,
    // A greeting until a later issue builds the homework and classroom lists.
    partly: 'later',
  },
  later('/WTPteacher/change/:taskId/:homeworkId'),
  later('/WTPteacher/webrtc/:id'),
  later('/WTPteacher/history'),
];
