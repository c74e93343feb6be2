// WTP teacher (homework tutor) routes (docs/product.md §2, prefix /WTPteacher/).
import { lazyPage } from '../../app/lazy-page';
import type { RouteDef } from '../../app/route-types';
import { TEACHER_PAGES } from './texts';

type Pattern = keyof typeof TEACHER_PAGES;

const TeacherHome = lazyPage(() => import('./TeacherHome'));
const ChangePage = lazyPage(() => import('./ChangePage'));
const HistoryPage = lazyPage(() => import('./HistoryPage'));

const built = (pattern: Pattern, page: RouteDef['page']): RouteDef => ({
  pattern,
  area: 'teacher',
  layout: 'teacher',
  title: TEACHER_PAGES[pattern],
  page,
});

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
    // The marking queue; the tutoring classrooms come with a later issue.
    partly: 'later',
  },
  built('/WTPteacher/change/:taskId/:homeworkId', ChangePage),
  later('/WTPteacher/webrtc/:id'),
  built('/WTPteacher/history', HistoryPage),
];
