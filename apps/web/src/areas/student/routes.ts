// Student area routes (docs/product.md §2, prefix /student/); the bare prefix is the home page too.
import { lazy } from 'react';
import type { IssueRef, RouteDef } from '../../app/route-types';
import { STUDENT_PAGES } from './texts';

type Pattern = keyof typeof STUDENT_PAGES;

const StudentHome = lazy(() => import('./StudentHome'));
const TrainListPage = lazy(() => import('./train/TrainListPage'));
const SchemeDetailPage = lazy(() => import('./train/SchemeDetailPage'));
const TrainDoPage = lazy(() => import('./train/TrainDoPage'));
const TrainQuestionsPage = lazy(() => import('./train/TrainQuestionsPage'));
const TrainHistoryPage = lazy(() => import('./train/TrainHistoryPage'));
const TrainReportPage = lazy(() => import('./train/TrainReportPage'));
const TrainCommentPage = lazy(() => import('./train/TrainCommentPage'));
const WrongListPage = lazy(() => import('./wrong/WrongListPage'));
const AnswerRecordPage = lazy(() => import('./record/AnswerRecordPage'));
const PointIndexPage = lazy(() => import('./point/PointIndexPage'));
const AllPointPage = lazy(() => import('./point/MasteryListPage').then((m) => ({ default: m.AllPointPage })));
const UserPointPage = lazy(() => import('./point/MasteryListPage').then((m) => ({ default: m.UserPointPage })));
const KnowledgeGraphPage = lazy(() => import('./graph/KnowledgeGraphPage'));
const TodoPage = lazy(() => import('./tasks/TodoPage'));
const RecitationListPage = lazy(() => import('./recitation/StudentRecitationListPage'));
const RecitationPracticePage = lazy(() => import('./recitation/PracticePage'));

const built = (pattern: Pattern, page: RouteDef['page']): RouteDef => ({
  pattern,
  area: 'student',
  layout: 'student',
  title: STUDENT_PAGES[pattern],
  page,
});
const later = (pattern: Pattern, issue: IssueRef): RouteDef => ({
  pattern,
  area: 'student',
  layout: 'student',
  title: STUDENT_PAGES[pattern],
  issue,
});
const L: IssueRef = 'later';

export const STUDENT_ROUTES: RouteDef[] = [
  built('/student', StudentHome),
  built('/student/home', StudentHome),
  built('/student/tasks/todo', TodoPage),
  built('/student/train', TrainListPage),
  built('/student/train/scheme/:schemeId', SchemeDetailPage),
  built('/student/train/:trainId/do', TrainDoPage),
  built('/student/train/:trainId/questions', TrainQuestionsPage),
  built('/student/train/history', TrainHistoryPage),
  built('/student/train/report/:id', TrainReportPage),
  built('/student/train/comment/:id/:from', TrainCommentPage),
  built('/student/knowledgegraph/mine', KnowledgeGraphPage),
  built('/student/wrong/list', WrongListPage),
  built('/student/question/answer/record/:recordId', AnswerRecordPage),
  later('/student/eventutor', L),
  later('/student/eventutor/index/:id', L),
  later('/student/eventutor/history/:id', L),
  later('/student/webrtc', L),
  later('/student/webrtc/:id', L),
  built('/student/point', PointIndexPage),
  built('/student/point/allpoint', AllPointPage),
  built('/student/point/userpoint', UserPointPage),
  later('/student/class/tldraw/:id', L),
  // Recitation practice (docs/recitation.md), beyond docs/product.md §2.
  built('/student/recitation', RecitationListPage),
  built('/student/recitation/:id', RecitationPracticePage),
];
