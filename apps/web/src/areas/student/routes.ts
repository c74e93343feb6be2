// Student area routes (spec §2, prefix /student/); the bare prefix is the home page too.
import { lazy } from 'react';
import type { IssueRef, RouteDef } from '../../app/route-types';
import { STUDENT_PAGES } from './texts';

type Pattern = keyof typeof STUDENT_PAGES;

const StudentHome = lazy(() => import('./StudentHome'));

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
const P: IssueRef = 'practice-engine';
const L: IssueRef = 'later';

export const STUDENT_ROUTES: RouteDef[] = [
  built('/student', StudentHome),
  built('/student/home', StudentHome),
  later('/student/tasks/todo', L),
  later('/student/train', P),
  later('/student/train/scheme/:schemeId', P),
  later('/student/train/:trainId/do', P),
  later('/student/train/:trainId/questions', P),
  later('/student/train/history', P),
  later('/student/train/report/:id', P),
  later('/student/train/comment/:id/:from', P),
  later('/student/knowledgegraph/mine', P),
  later('/student/wrong/list', P),
  later('/student/question/answer/record/:recordId', P),
  later('/student/eventutor', L),
  later('/student/eventutor/index/:id', L),
  later('/student/eventutor/history/:id', L),
  later('/student/webrtc', L),
  later('/student/webrtc/:id', L),
  later('/student/point', P),
  later('/student/point/allpoint', P),
  later('/student/point/userpoint', P),
  later('/student/class/tldraw/:id', L),
];
