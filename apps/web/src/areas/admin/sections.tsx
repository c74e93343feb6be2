// The admin side menu and home cards: each link is shown only when docs/product.md §6 lets the user open its path and
// the server's rule lets them make the page's main call (docs/routes.md "The admin menu offers what works").
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  BankOutlined,
  BookOutlined,
  ClusterOutlined,
  EditOutlined,
  ExperimentOutlined,
  HomeOutlined,
  IdcardOutlined,
  NodeIndexOutlined,
  ScheduleOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import {
  agencyRole,
  canAccessPath,
  ROLE_SETS,
  satisfies,
  type AccessSubject,
  type API,
  type KnowledgePointBrief,
  type RoleAlternatives,
} from '@edu/contract';
import { ADMIN_TEXTS } from './texts';

const M = ADMIN_TEXTS.menu;
const H = ADMIN_TEXTS.sectionHints;

export interface AdminLink {
  key: string;
  label: string;
  /** The concrete path the menu opens. */
  path: string;
  /** Paths starting with this select the entry (only the path itself for the home entry). */
  match: string;
  hint?: string;
  /**
   * The page's main calls (what it lists, or the choices it is built from); none for the home page. The link is
   * shown to whoever may make one of them.
   */
  calls: readonly (keyof typeof API)[];
  /**
   * The roles of those calls' rules, the very ROLE_SETS entries the contract's routes use (sections.test.ts checks
   * them against the route table); absent when the calls are open to every login.
   */
  roles?: RoleAlternatives;
}

export interface AdminSection {
  key: string;
  label: string;
  icon: ReactNode;
  /** A single link, or a group of links. */
  links: AdminLink[];
  group: boolean;
}

/** The page's main calls and the roles of their rules. */
interface PageCalls {
  calls: AdminLink['calls'];
  roles?: RoleAlternatives;
}

const link = (
  key: string,
  label: string,
  path: string,
  match: string,
  hint: string | undefined,
  page: PageCalls,
): AdminLink => ({
  key,
  label,
  path,
  match,
  hint,
  calls: page.calls,
  ...(page.roles ? { roles: page.roles } : {}),
});

/** Each page's main calls, with the ROLE_SETS entry of their rules (the store's two calls: either one). */
const PAGES = {
  home: { calls: [] },
  knowledge: { calls: ['kpSubjects'] },
  questionList: { calls: ['questionList'], roles: ROLE_SETS.questionReader },
  questionRepo: { calls: ['repoList'], roles: ROLE_SETS.questionReader },
  tag: { calls: ['tagList'], roles: ROLE_SETS.questionReader },
  knowledgraph: { calls: ['graphGroupList'], roles: ROLE_SETS.knowledgraphAdmin },
  trainList: { calls: ['schemeList'], roles: ROLE_SETS.trainStaff },
  trainRepo: { calls: ['trainRepoList'], roles: ROLE_SETS.trainStaff },
  trainMarking: { calls: ['markingQueue'], roles: ROLE_SETS.markers },
  student: { calls: ['userStudentList'], roles: ROLE_SETS.studentAdmin },
  teacher: { calls: ['userTeacherList'], roles: ROLE_SETS.teacherAdmin },
  parent: { calls: ['agencyParentList'], roles: ROLE_SETS.parentAdmin },
  coach: { calls: ['homeworkTeacherList'], roles: ROLE_SETS.coachAdmin },
  classes: { calls: ['classList'], roles: ROLE_SETS.agencyStaff },
  // 布置任务 is built from the classes and students it may be given to.
  task: { calls: ['taskClassOptions', 'taskStudentOptions'], roles: ROLE_SETS.agencyStaff },
  agency: { calls: ['agencyList'], roles: ROLE_SETS.agencyManager },
  store: {
    calls: ['storeList', 'storeAdminList'],
    roles: [...ROLE_SETS.questionReader, ...ROLE_SETS.platformAdmin],
  },
  recitation: { calls: ['recitationList'], roles: ROLE_SETS.recitationReaders },
  aiAgency: { calls: ['readingAgencySettings'], roles: ROLE_SETS.agencySettings },
  aiPlatform: { calls: ['readingPlatformSettings'], roles: ROLE_SETS.platformAdmin },
} as const satisfies Record<string, PageCalls>;

/** The subject the knowledge menu opens: the first subject of the loaded knowledge points. */
export function firstSubjectCode(points: readonly KnowledgePointBrief[]): string {
  const subjects = points
    .filter((p) => p.lv === 'subject')
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
  return subjects[0]?.code ?? 'first';
}

export function adminSections(firstSubject: string): AdminSection[] {
  const single = (
    key: string,
    label: string,
    icon: ReactNode,
    path: string,
    match: string,
    hint: string | undefined,
    page: PageCalls,
  ): AdminSection => ({
    key,
    label,
    icon,
    group: false,
    links: [link(key, label, path, match, hint, page)],
  });
  const group = (key: string, label: string, icon: ReactNode, links: AdminLink[]): AdminSection => ({
    key,
    label,
    icon,
    group: true,
    links,
  });
  const P = PAGES;
  return [
    single('home', M.home, <HomeOutlined />, '/admin', '/admin', undefined, P.home),
    single(
      'knowledge',
      M.knowledge,
      <NodeIndexOutlined />,
      `/admin/knowledge/list/${firstSubject}`,
      '/admin/knowledge',
      H.knowledge,
      P.knowledge,
    ),
    group('question', M.questionGroup, <BookOutlined />, [
      link('question-list', M.questionList, '/admin/question/list', '/admin/question', H.questionList, P.questionList),
      link(
        'question-repo',
        M.questionRepo,
        '/admin/question/repository',
        '/admin/question/repository',
        H.questionRepo,
        P.questionRepo,
      ),
    ]),
    single('tag', M.tag, <TagsOutlined />, '/admin/tag/list', '/admin/tag', H.tag, P.tag),
    single(
      'knowledgraph',
      M.knowledgraph,
      <ClusterOutlined />,
      '/admin/knowledgraph/groups',
      '/admin/knowledgraph',
      H.knowledgraph,
      P.knowledgraph,
    ),
    group('train', M.trainGroup, <TrophyOutlined />, [
      link('train-list', M.trainList, '/admin/train/list', '/admin/train', H.trainList, P.trainList),
      link('train-repo', M.trainRepo, '/admin/train/repository', '/admin/train/repository', H.trainRepo, P.trainRepo),
      link(
        'train-marking',
        M.trainMarking,
        '/admin/train/marking',
        '/admin/train/marking',
        H.trainMarking,
        P.trainMarking,
      ),
    ]),
    group('user', M.userGroup, <TeamOutlined />, [
      link('user-student', M.student, '/admin/user/student/list', '/admin/user/student', H.student, P.student),
      link('user-teacher', M.teacher, '/admin/user/teacher/list', '/admin/user/teacher', H.teacher, P.teacher),
      link('user-parent', M.parent, '/admin/user/parent/list', '/admin/user/parent', H.parent, P.parent),
      link('user-coach', M.coach, '/admin/user/WTteacher/list', '/admin/user/WTteacher', H.coach, P.coach),
    ]),
    group('class', M.classGroup, <ApartmentOutlined />, [
      link(
        'class-ordinary',
        M.classOrdinary,
        '/admin/class/ordinary/list',
        '/admin/class/ordinary',
        H.classOrdinary,
        P.classes,
      ),
      link('class-event', M.classEvent, '/admin/class/event/list', '/admin/class/event', H.classEvent, P.classes),
    ]),
    single('task', M.task, <ScheduleOutlined />, '/admin/task/create', '/admin/task', H.task, P.task),
    single('agency', M.agency, <BankOutlined />, '/admin/agency/list', '/admin/agency', H.agency, P.agency),
    single('store', M.store, <ShopOutlined />, '/admin/store', '/admin/store', H.store, P.store),
    group('recitation', M.recitationGroup, <EditOutlined />, [
      link(
        'recitation-list',
        M.recitationList,
        '/admin/recitation/list',
        '/admin/recitation',
        H.recitationList,
        P.recitation,
      ),
      // 文本比对 calls nothing itself: it is offered with the texts it compares (its 返回 leads to their list).
      link(
        'recitation-compare',
        M.recitationCompare,
        '/admin/recitation/compare',
        '/admin/recitation/compare',
        H.recitationCompare,
        P.recitation,
      ),
    ]),
    group('ai', M.aiGroup, <ExperimentOutlined />, [
      link('ai-agency', M.aiAgency, '/admin/settings/ai', '/admin/settings/ai', H.aiAgency, P.aiAgency),
      link('ai-platform', M.aiPlatform, '/admin/platform/ai', '/admin/platform/ai', H.aiPlatform, P.aiPlatform),
    ]),
  ];
}

/**
 * 我的资料: an agency teacher's own profile page (docs/users.md "Pages"), which no other entry reaches for a plain
 * teacher; nothing for anyone who is not a teacher of the agency in context (an admin has no profile of their own).
 */
export function profileSection(
  user: (AccessSubject & { user?: { id: string } | null }) | null | undefined,
  agencyId: string,
): AdminSection | null {
  const id = user?.user?.id;
  if (!id || !user.roles.includes(agencyRole('teacher', agencyId))) return null;
  const path = `/admin/user/teacher/${encodeURIComponent(id)}/profile`;
  return {
    key: 'profile',
    label: M.profile,
    icon: <IdcardOutlined />,
    group: false,
    // Built only for the agency's teacher, whom the profile call's rule admits for their own profile.
    links: [link('profile', M.profile, path, path, undefined, { calls: ['teacherProfileGet'] })],
  };
}

/** Sections (and links inside groups) the user may open; empty groups are dropped. */
export function visibleSections(
  sections: readonly AdminSection[],
  user: AccessSubject | null | undefined,
  agencyId: string,
): AdminSection[] {
  return sections
    .map((s) => ({
      ...s,
      links: s.links.filter(
        (l) => canAccessPath(l.path, user, agencyId) && (!l.roles || satisfies(user?.roles, l.roles, agencyId)),
      ),
    }))
    .filter((s) => s.links.length > 0);
}

/** The menu key of the link whose `match` is the longest prefix of the path. */
export function selectedKey(sections: readonly AdminSection[], pathname: string): string | undefined {
  let best: AdminLink | undefined;
  for (const l of sections.flatMap((s) => s.links)) {
    const path = pathname.replace(/\/+$/, '');
    const hit = path === l.match || (l.key !== 'home' && path.startsWith(`${l.match}/`));
    if (hit && (!best || l.match.length > best.match.length)) best = l;
  }
  return best?.key;
}
