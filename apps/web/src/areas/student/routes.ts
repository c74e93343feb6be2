// Student area routes (docs/product.md §2, prefix /student/); the bare prefix is the home page too.
import { lazyPage } from '../../app/lazy-page';
import type { RouteDef } from '../../app/route-types';
import { STUDENT_PAGES } from './texts';
import { prefetchStudentGraphs } from './graph/prefetch';
import { prefetchStudentHome } from './home/prefetch';
import { prefetchTraining } from './train/prefetch';
// The lesson room (docs/web.md "The lesson room"), shared by the areas, full screen.
import { BoardRoomPage, FullRoomPage, VideoRoomPage } from '../lesson-room/pages';

type Pattern = keyof typeof STUDENT_PAGES;

const StudentHome = lazyPage(() => import('./StudentHome'));
const TrainListPage = lazyPage(() => import('./train/TrainListPage'));
const SchemeDetailPage = lazyPage(() => import('./train/SchemeDetailPage'));
const TrainDoPage = lazyPage(() => import('./train/TrainDoPage'));
const TrainQuestionsPage = lazyPage(() => import('./train/TrainQuestionsPage'));
const TrainHistoryPage = lazyPage(() => import('./train/TrainHistoryPage'));
const TrainReportPage = lazyPage(() => import('./train/TrainReportPage'));
const TrainCommentPage = lazyPage(() => import('./train/TrainCommentPage'));
const WrongListPage = lazyPage(() => import('./wrong/WrongListPage'));
const AnswerRecordPage = lazyPage(() => import('./record/AnswerRecordPage'));
const PointIndexPage = lazyPage(() => import('./point/PointIndexPage'));
const AllPointPage = lazyPage(() => import('./point/MasteryListPage').then((m) => ({ default: m.AllPointPage })));
const UserPointPage = lazyPage(() => import('./point/MasteryListPage').then((m) => ({ default: m.UserPointPage })));
const KnowledgeGraphPage = lazyPage(() => import('./graph/KnowledgeGraphPage'));
const TodoPage = lazyPage(() => import('./tasks/TodoPage'));
const RecitationListPage = lazyPage(() => import('./recitation/StudentRecitationListPage'));
const RecitationPracticePage = lazyPage(() => import('./recitation/PracticePage'));
// The tutoring classroom's lesson list and replay (docs/lessons.md).
const StudentLessonsPage = lazyPage(() => import('./lessons/StudentLessonsPage'));
const StudentReplayPage = lazyPage(() => import('./lessons/StudentReplayPage'));
// The placement test (docs/lessons.md "Placement test").
const PlacementPage = lazyPage(() => import('./placement/PlacementPage'));

const built = (pattern: Pattern, page: RouteDef['page'], prefetch?: RouteDef['prefetch']): RouteDef => ({
  pattern,
  area: 'student',
  layout: 'student',
  title: STUDENT_PAGES[pattern],
  page,
  ...(prefetch && { prefetch }),
});
/** A lesson room: full screen, outside the student layout. */
const room = (pattern: Pattern, page: RouteDef['page']): RouteDef => ({ ...built(pattern, page), layout: 'bare' });

export const STUDENT_ROUTES: RouteDef[] = [
  built('/student', StudentHome, prefetchStudentHome),
  built('/student/home', StudentHome, prefetchStudentHome),
  built('/student/tasks/todo', TodoPage),
  built('/student/train', TrainListPage),
  built('/student/train/scheme/:schemeId', SchemeDetailPage),
  built('/student/train/:trainId/do', TrainDoPage, prefetchTraining),
  built('/student/train/:trainId/questions', TrainQuestionsPage),
  built('/student/train/history', TrainHistoryPage),
  built('/student/train/report/:id', TrainReportPage),
  built('/student/train/comment/:id/:from', TrainCommentPage),
  built('/student/knowledgegraph/mine', KnowledgeGraphPage, prefetchStudentGraphs),
  built('/student/wrong/list', WrongListPage),
  built('/student/question/answer/record/:recordId', AnswerRecordPage),
  built('/student/eventutor', PlacementPage),
  room('/student/eventutor/index/:id', FullRoomPage),
  built('/student/eventutor/history/:id', StudentReplayPage),
  built('/student/webrtc', StudentLessonsPage),
  room('/student/webrtc/:id', VideoRoomPage),
  built('/student/point', PointIndexPage),
  built('/student/point/allpoint', AllPointPage),
  built('/student/point/userpoint', UserPointPage),
  room('/student/class/tldraw/:id', BoardRoomPage),
  // Recitation practice (docs/recitation.md), beyond docs/product.md §2.
  built('/student/recitation', RecitationListPage),
  built('/student/recitation/:id', RecitationPracticePage),
];
