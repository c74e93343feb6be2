// Admin area routes (docs/product.md §2, prefix /admin). Top-level pages are drawn full screen, the rest in the admin layout.
import { lazyPage } from '../../app/lazy-page';
import type { LayoutKey, RouteDef } from '../../app/route-types';
import { ADMIN_PAGES } from './texts';
import { prefetchGraphEditor, prefetchGraphPreview } from './knowledge-graph/prefetch';
// The lesson room (docs/web.md "The lesson room"), shared by the areas.
import { BoardRoomPage, FullRoomPage, VideoRoomPage } from '../lesson-room/pages';

type Pattern = keyof typeof ADMIN_PAGES;

const AdminHome = lazyPage(() => import('./AdminHome'));
const AgencyAiSettingsPage = lazyPage(() =>
  import('./settings/AiSettingsPage').then((m) => ({ default: m.AgencyAiSettingsPage })),
);
const PlatformAiSettingsPage = lazyPage(() =>
  import('./settings/AiSettingsPage').then((m) => ({ default: m.PlatformAiSettingsPage })),
);
const KnowledgeListPage = lazyPage(() => import('./knowledge/KnowledgeListPage'));
const AgencyListPage = lazyPage(() => import('./agency/AgencyListPage'));
const QuestionListPage = lazyPage(() => import('./question/QuestionListPage'));
const QuestionCreatePage = lazyPage(() =>
  import('./question/QuestionFormPage').then((m) => ({ default: m.QuestionCreatePage })),
);
const QuestionEditPage = lazyPage(() =>
  import('./question/QuestionFormPage').then((m) => ({ default: m.QuestionEditPage })),
);
const QuestionPreviewPage = lazyPage(() => import('./question/QuestionPreviewPage'));
const RepositoryPage = lazyPage(() => import('./question/RepositoryPage'));
const RepositoryDetailPage = lazyPage(() => import('./question/RepositoryDetailPage'));
const TagListPage = lazyPage(() => import('./question/TagListPage'));
const SchemeListPage = lazyPage(() => import('./train/SchemeListPage'));
const SchemeCreatePage = lazyPage(() =>
  import('./train/SchemeEditorPage').then((m) => ({ default: m.SchemeCreatePage })),
);
const SchemeEditPage = lazyPage(() => import('./train/SchemeEditorPage').then((m) => ({ default: m.SchemeEditPage })));
const PaperBuilderPage = lazyPage(() => import('./train/PaperBuilderPage'));
const TrainRepositoryPage = lazyPage(() => import('./train/TrainRepositoryPage'));
const TrainRepositoryDetailPage = lazyPage(() => import('./train/TrainRepositoryDetailPage'));
const SchemeDashboardPage = lazyPage(() => import('./train-stats/SchemeDashboardPage'));
const SchemeGroupDashboardPage = lazyPage(() => import('./train-stats/SchemeGroupDashboardPage'));
const TrainingReportPage = lazyPage(() => import('./train-stats/TrainingReportPage'));
const TrainingCommentPage = lazyPage(() => import('./train-stats/TrainingCommentPage'));
const StudentStatsPage = lazyPage(() => import('./train-stats/StudentStatsPage'));
const QuestionReadPage = lazyPage(() => import('./train-stats/QuestionReadPage'));
const MarkingPage = lazyPage(() => import('./marking/MarkingPage'));
const OrdinaryClassListPage = lazyPage(() =>
  import('./class/ClassListPage').then((m) => ({ default: m.OrdinaryClassListPage })),
);
const EventClassListPage = lazyPage(() =>
  import('./class/ClassListPage').then((m) => ({ default: m.EventClassListPage })),
);
const ClassTodayWorkPage = lazyPage(() => import('./class/TodayWorkPage'));
const ClassStudentScoresPage = lazyPage(() => import('./class/StudentScoresPage'));
const ClassStudentInfoPage = lazyPage(() => import('./class/StudentInfoPage'));
const ClassStatsPage = lazyPage(() => import('./class/ClassStatsPage'));
// A class's gradebook (docs/gradebook.md).
const ClassGradebookPage = lazyPage(() => import('./class/gradebook/GradebookPage'));
// The tutoring classroom's lesson lists and replay (docs/lessons.md).
const ClassLessonsPage = lazyPage(() => import('./lessons/ClassLessonsPage'));
const LessonHistoryPage = lazyPage(() => import('./lessons/LessonHistoryPage'));
const StudentListPage = lazyPage(() => import('./user/MemberListPage').then((m) => ({ default: m.StudentListPage })));
const TeacherListPage = lazyPage(() => import('./user/MemberListPage').then((m) => ({ default: m.TeacherListPage })));
const HomeworkTeacherListPage = lazyPage(() => import('./user/HomeworkTeacherListPage'));
const TeacherProfilePage = lazyPage(() => import('./user/TeacherProfilePage'));
const TeacherClassesPage = lazyPage(() => import('./user/TeacherClassesPage'));
const ParentListPage = lazyPage(() => import('./user/parent/ParentListPage'));
const GraphGroupListPage = lazyPage(() => import('./knowledge-graph/GroupListPage'));
const GraphItemsEditorPage = lazyPage(() => import('./knowledge-graph/ItemsEditorPage'));
const GraphPreviewPage = lazyPage(() => import('./knowledge-graph/PreviewPage'));
const GraphStatsPage = lazyPage(() => import('./knowledge-graph/StatsPage'));
const GraphAddItemsPage = lazyPage(() => import('./knowledge-graph/AddItemsPage'));
const GraphItemModifyPage = lazyPage(() => import('./knowledge-graph/ItemModifyPage'));
const TaskCreatePage = lazyPage(() => import('./task/TaskFormPage').then((m) => ({ default: m.TaskCreatePage })));
const TaskModifyPage = lazyPage(() => import('./task/TaskFormPage').then((m) => ({ default: m.TaskModifyPage })));
const TaskDashboardPage = lazyPage(() => import('./task/TaskDashboardPage'));
// Teaching helpers (docs/recitation.md): the pages live in areas/admin/recitation, routed under /admin where an
// agency teacher works.
const RecitationListPage = lazyPage(() => import('./recitation/RecitationListPage'));
const RecitationEditorPage = lazyPage(() => import('./recitation/RecitationEditorPage'));
const RecitationComparePage = lazyPage(() => import('./recitation/ComparePage'));
const StorePage = lazyPage(() => import('./store/StorePage'));
const ClassTasksPage = lazyPage(() => import('./class/tasks/ClassTasksPage'));
const TaskHomeworkScoresPage = lazyPage(() =>
  import('./class/homework/HomeworkScoresPage').then((m) => ({ default: m.TaskHomeworkScoresPage })),
);
const AllHomeworkScoresPage = lazyPage(() =>
  import('./class/homework/HomeworkScoresPage').then((m) => ({ default: m.AllHomeworkScoresPage })),
);

const built = (
  pattern: Pattern,
  page: RouteDef['page'],
  layout: LayoutKey = 'admin',
  prefetch?: RouteDef['prefetch'],
): RouteDef => ({
  pattern,
  area: 'admin',
  layout,
  title: ADMIN_PAGES[pattern],
  page,
  ...(prefetch && { prefetch }),
});

export const ADMIN_ROUTES: RouteDef[] = [
  built('/admin', AdminHome),
  // Top-level pages (outside the layout).
  built('/admin/train/:id/dashboard', SchemeDashboardPage, 'bare'),
  built('/admin/train/:id/dashboard/group', SchemeGroupDashboardPage, 'bare'),
  built('/admin/task/:taskId/dashboard', TaskDashboardPage, 'bare'),
  built('/admin/class/homework/sroce/:id', TaskHomeworkScoresPage, 'bare'),
  built('/admin/class/homework/sroceAll', AllHomeworkScoresPage, 'bare'),
  built('/admin/webrtc/:id', VideoRoomPage, 'bare'),
  built('/admin/eventutor/open/:id', FullRoomPage, 'bare'),
  // Listed both top-level and nested in the spec; one path can have one page: full screen.
  built('/admin/class/tldraw/:id', BoardRoomPage, 'bare'),
  // Nested pages.
  built('/admin/knowledge/list/:subject', KnowledgeListPage),
  built('/admin/question/list', QuestionListPage),
  built('/admin/question/repository', RepositoryPage),
  built('/admin/question/repository/detail/:id/:type', RepositoryDetailPage),
  built('/admin/question/create/:type/:from?', QuestionCreatePage),
  built('/admin/question/edit/:id', QuestionEditPage),
  built('/admin/question/preview/:id', QuestionPreviewPage),
  built('/admin/agency/list', AgencyListPage),
  built('/admin/knowledgraph/groups', GraphGroupListPage),
  built('/admin/knowledgraph/group/:id/items', GraphItemsEditorPage, 'admin', prefetchGraphEditor),
  built('/admin/knowledgraph/group/:id/preview', GraphPreviewPage, 'admin', prefetchGraphPreview),
  built('/admin/knowledgraph/group/:id/stats', GraphStatsPage),
  built('/admin/knowledgraph/group/:id/create', GraphAddItemsPage),
  built('/admin/knowledgraph/item/:id/modify', GraphItemModifyPage),
  built('/admin/tag/list', TagListPage),
  built('/admin/train/list', SchemeListPage),
  built('/admin/train/create/:type', SchemeCreatePage),
  built('/admin/train/create/paper/:type/:info', PaperBuilderPage),
  built('/admin/train/edit/:id/:type', SchemeEditPage),
  built('/admin/train/repository', TrainRepositoryPage),
  built('/admin/train/repository/detail/:id/:type', TrainRepositoryDetailPage),
  built('/admin/train/report/:id', TrainingReportPage),
  built('/admin/train/comment/:id/:from/:route', TrainingCommentPage),
  built('/admin/train/question/:id/preview', QuestionReadPage),
  built('/admin/train/marking', MarkingPage),
  built('/admin/user/student/list', StudentListPage),
  built('/admin/user/student/:id/stats', StudentStatsPage),
  built('/admin/user/teacher/list', TeacherListPage),
  built('/admin/user/parent/list', ParentListPage),
  built('/admin/user/WTteacher/list', HomeworkTeacherListPage),
  built('/admin/user/teacher/:id/profile', TeacherProfilePage),
  built('/admin/user/teacher/list/classInfo/:id/:teacherName', TeacherClassesPage),
  built('/admin/class/ordinary/list', OrdinaryClassListPage),
  built('/admin/class/event/list', EventClassListPage),
  built('/admin/class/todaywork/:id', ClassTodayWorkPage),
  built('/admin/class/sroce/:id/:classId', ClassStudentScoresPage),
  built('/admin/class/studentInfo/:id', ClassStudentInfoPage),
  built('/admin/class/:classId/tasks', ClassTasksPage),
  built('/admin/class/:classId/stats', ClassStatsPage),
  // Our own page (docs/routes.md "Routes beyond docs/product.md §2"): a class's gradebook (issue 28).
  built('/admin/class/:classId/gradebook', ClassGradebookPage),
  built('/admin/eventutor/history/:id', LessonHistoryPage),
  built('/admin/eventutor/index/:id', ClassLessonsPage),
  built('/admin/task/create', TaskCreatePage),
  built('/admin/task/:taskId/modify', TaskModifyPage),
  built('/admin/store', StorePage),
  // Our own pages (docs/routes.md "Routes beyond docs/product.md §2"): the AI provider settings of issue 19.
  built('/admin/settings/ai', AgencyAiSettingsPage),
  built('/admin/platform/ai', PlatformAiSettingsPage),
  // The teaching helpers of issue 19 (docs/recitation.md).
  built('/admin/recitation/list', RecitationListPage),
  built('/admin/recitation/create', RecitationEditorPage),
  built('/admin/recitation/:id/edit', RecitationEditorPage),
  built('/admin/recitation/compare', RecitationComparePage),
];
