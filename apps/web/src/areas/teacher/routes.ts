// WTP teacher (homework tutor) routes (docs/product.md §2, prefix /WTPteacher/).
import { lazyPage } from '../../app/lazy-page';
import type { RouteDef } from '../../app/route-types';
import { TEACHER_PAGES } from './texts';
// The lesson room (docs/web.md "The lesson room"), shared by the areas, full screen.
import { VideoRoomPage } from '../lesson-room/pages';

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

export const TEACHER_ROUTES: RouteDef[] = [
  // The tutoring lessons (docs/lessons.md) and the marking queue.
  built('/WTPteacher', TeacherHome),
  built('/WTPteacher/change/:taskId/:homeworkId', ChangePage),
  { ...built('/WTPteacher/webrtc/:id', VideoRoomPage), layout: 'bare' },
  built('/WTPteacher/history', HistoryPage),
];
