// The student area's menu: the layout's header shows it, the home repeats it as cards (home/HomeBody.tsx). A module
// of its own, so the home's chunk does not import the layout's module (each keeps its own lazy chunk).
import type { AreaMenuItem } from '../../components/AreaHeader';
import { STUDENT_TEXTS } from './texts';

const M = STUDENT_TEXTS.menu;

export const STUDENT_MENU: AreaMenuItem[] = [
  { key: 'home', label: M.home, path: '/student/home', match: ['/student', '/student/home'] },
  { key: 'todo', label: M.todo, path: '/student/tasks/todo', match: ['/student/tasks'] },
  { key: 'train', label: M.train, path: '/student/train', match: ['/student/train', '/student/question'] },
  { key: 'wrong', label: M.wrong, path: '/student/wrong/list', match: ['/student/wrong'] },
  { key: 'graph', label: M.graph, path: '/student/knowledgegraph/mine', match: ['/student/knowledgegraph'] },
  { key: 'point', label: M.point, path: '/student/point', match: ['/student/point'] },
  { key: 'recitation', label: M.recitation, path: '/student/recitation', match: ['/student/recitation'] },
  {
    key: 'tutoring',
    label: M.tutoring,
    // The student's lessons (docs/web.md "Lesson lists and replay").
    path: '/student/webrtc',
    match: ['/student/eventutor', '/student/webrtc', '/student/class'],
  },
];
