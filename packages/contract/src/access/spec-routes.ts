// Every web route of docs/product.md §2, literally, as absolute react-router patterns (`:param`, optional `:param?`).
// The spec's spellings are kept (sroce, knowledgraph, WTteacher, WTPteacher). Which of them a user gets is
// decided by `canAccessPath` on the pattern (docs/product.md §6); the golden matrix test pins that down per route.

export type SpecRouteArea = 'admin' | 'student' | 'parent' | 'teacher' | 'public';

export interface SpecRoute {
  area: SpecRouteArea;
  pattern: string;
}

const route =
  (area: SpecRouteArea) =>
  (pattern: string): SpecRoute => ({ area, pattern });
const admin = route('admin');
const student = route('student');
const parent = route('parent');
const wtp = route('teacher');
const pub = route('public');

export const SPEC_ROUTES: readonly SpecRoute[] = [
  // Admin home (docs/product.md §6: "/admin exactly" is open).
  admin('/admin'),
  // Admin top-level pages (outside the admin layout).
  admin('/admin/train/:id/dashboard'),
  admin('/admin/train/:id/dashboard/group'),
  admin('/admin/task/:taskId/dashboard'),
  admin('/admin/class/homework/sroce/:id'),
  admin('/admin/class/homework/sroceAll'),
  admin('/admin/webrtc/:id'),
  admin('/admin/eventutor/open/:id'),
  // Both a top-level and a nested class page in docs/product.md §2: one path, listed once.
  admin('/admin/class/tldraw/:id'),
  // Admin nested pages (inside the admin layout).
  admin('/admin/knowledge/list/:subject'),
  admin('/admin/question/list'),
  admin('/admin/question/repository'),
  admin('/admin/question/repository/detail/:id/:type'),
  admin('/admin/question/create/:type/:from?'),
  admin('/admin/question/edit/:id'),
  admin('/admin/question/preview/:id'),
  admin('/admin/agency/list'),
  admin('/admin/knowledgraph/groups'),
  admin('/admin/knowledgraph/group/:id/items'),
  admin('/admin/knowledgraph/group/:id/preview'),
  admin('/admin/knowledgraph/group/:id/stats'),
  admin('/admin/knowledgraph/group/:id/create'),
  admin('/admin/knowledgraph/item/:id/modify'),
  admin('/admin/tag/list'),
  admin('/admin/train/list'),
  admin('/admin/train/create/:type'),
  admin('/admin/train/create/paper/:type/:info'),
  admin('/admin/train/edit/:id/:type'),
  admin('/admin/train/repository'),
  admin('/admin/train/repository/detail/:id/:type'),
  admin('/admin/train/report/:id'),
  admin('/admin/train/comment/:id/:from/:route'),
  // Not in docs/product.md §2: the read-only question preview the statistics pages link to, open to every role that may
  // open them (issue 17; docs/routes.md).
  admin('/admin/train/question/:id/preview'),
  // Not in docs/product.md §2: an agency teacher's manual marking (queue and marking, docs/marking.md; docs/routes.md).
  admin('/admin/train/marking'),
  admin('/admin/user/student/list'),
  admin('/admin/user/student/:id/stats'),
  admin('/admin/user/teacher/list'),
  admin('/admin/user/parent/list'),
  admin('/admin/user/WTteacher/list'),
  admin('/admin/user/teacher/:id/profile'),
  admin('/admin/user/teacher/list/classInfo/:id/:teacherName'),
  admin('/admin/class/ordinary/list'),
  admin('/admin/class/event/list'),
  admin('/admin/class/todaywork/:id'),
  admin('/admin/class/sroce/:id/:classId'),
  admin('/admin/class/studentInfo/:id'),
  admin('/admin/class/:classId/tasks'),
  admin('/admin/class/:classId/stats'),
  admin('/admin/eventutor/history/:id'),
  admin('/admin/eventutor/index/:id'),
  admin('/admin/task/create'),
  admin('/admin/task/:taskId/modify'),
  admin('/admin/store'),

  // Student area; the bare prefix is the home page too.
  student('/student'),
  student('/student/home'),
  student('/student/tasks/todo'),
  student('/student/train'),
  student('/student/train/scheme/:schemeId'),
  student('/student/train/:trainId/do'),
  student('/student/train/:trainId/questions'),
  student('/student/train/history'),
  student('/student/train/report/:id'),
  student('/student/train/comment/:id/:from'),
  student('/student/knowledgegraph/mine'),
  student('/student/wrong/list'),
  student('/student/question/answer/record/:recordId'),
  student('/student/eventutor'),
  student('/student/eventutor/index/:id'),
  student('/student/eventutor/history/:id'),
  student('/student/webrtc'),
  student('/student/webrtc/:id'),
  student('/student/point'),
  student('/student/point/allpoint'),
  student('/student/point/userpoint'),
  student('/student/class/tldraw/:id'),

  // Parent area; the bare prefix shows the history.
  parent('/parent'),
  parent('/parent/train/report/:id/:annoId/:showQuestion'),
  parent('/parent/history/:id'),
  parent('/parent/eventutor/index/:id'),

  // Teacher area (spec: WTPteacher).
  wtp('/WTPteacher'),
  wtp('/WTPteacher/change/:taskId/:homeworkId'),
  wtp('/WTPteacher/webrtc/:id'),
  wtp('/WTPteacher/history'),

  // Public pages and the root page.
  pub('/public/teacher/:id/profile'),
  pub('/public/agency/:agencyId/profiles'),
  pub('/public/question/preview'),
  pub('/'),
];
