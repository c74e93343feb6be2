// The admin side menu and home cards: each section is shown only when docs/product.md §6 lets the user open its path.
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
  satisfies,
  type AccessSubject,
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
  /** Roles the page's calls need beyond the path's rule (the AI settings: an admin's, not every staff member's). */
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

const link = (
  key: string,
  label: string,
  path: string,
  match: string,
  hint?: string,
  roles?: RoleAlternatives,
): AdminLink => ({
  key,
  label,
  path,
  match,
  hint,
  ...(roles ? { roles } : {}),
});

/** The AI settings' callers (the contract's reading routes): the agency admin, or a platform admin. */
const AI_AGENCY_ROLES: RoleAlternatives = [['edu:admin'], [agencyRole('admin')]];
const AI_PLATFORM_ROLES: RoleAlternatives = [['edu:admin']];
/** The recitation calls' writers (the contract's RECITATION_STAFF): the agency admin and its teachers. */
const RECITATION_ROLES: RoleAlternatives = [[agencyRole('admin')], [agencyRole('teacher')]];

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
    hint?: string,
  ): AdminSection => ({
    key,
    label,
    icon,
    group: false,
    links: [link(key, label, path, match, hint)],
  });
  const group = (key: string, label: string, icon: ReactNode, links: AdminLink[]): AdminSection => ({
    key,
    label,
    icon,
    group: true,
    links,
  });
  return [
    single('home', M.home, <HomeOutlined />, '/admin', '/admin'),
    single(
      'knowledge',
      M.knowledge,
      <NodeIndexOutlined />,
      `/admin/knowledge/list/${firstSubject}`,
      '/admin/knowledge',
      H.knowledge,
    ),
    group('question', M.questionGroup, <BookOutlined />, [
      link('question-list', M.questionList, '/admin/question/list', '/admin/question', H.questionList),
      link('question-repo', M.questionRepo, '/admin/question/repository', '/admin/question/repository', H.questionRepo),
    ]),
    single('tag', M.tag, <TagsOutlined />, '/admin/tag/list', '/admin/tag', H.tag),
    single(
      'knowledgraph',
      M.knowledgraph,
      <ClusterOutlined />,
      '/admin/knowledgraph/groups',
      '/admin/knowledgraph',
      H.knowledgraph,
    ),
    group('train', M.trainGroup, <TrophyOutlined />, [
      link('train-list', M.trainList, '/admin/train/list', '/admin/train', H.trainList),
      link('train-repo', M.trainRepo, '/admin/train/repository', '/admin/train/repository', H.trainRepo),
      link('train-marking', M.trainMarking, '/admin/train/marking', '/admin/train/marking', H.trainMarking),
    ]),
    group('user', M.userGroup, <TeamOutlined />, [
      link('user-student', M.student, '/admin/user/student/list', '/admin/user/student', H.student),
      link('user-teacher', M.teacher, '/admin/user/teacher/list', '/admin/user/teacher', H.teacher),
      link('user-parent', M.parent, '/admin/user/parent/list', '/admin/user/parent', H.parent),
      link('user-coach', M.coach, '/admin/user/WTteacher/list', '/admin/user/WTteacher', H.coach),
    ]),
    group('class', M.classGroup, <ApartmentOutlined />, [
      link('class-ordinary', M.classOrdinary, '/admin/class/ordinary/list', '/admin/class/ordinary', H.classOrdinary),
      link('class-event', M.classEvent, '/admin/class/event/list', '/admin/class/event', H.classEvent),
    ]),
    single('task', M.task, <ScheduleOutlined />, '/admin/task/create', '/admin/task', H.task),
    single('agency', M.agency, <BankOutlined />, '/admin/agency/list', '/admin/agency', H.agency),
    single('store', M.store, <ShopOutlined />, '/admin/store', '/admin/store', H.store),
    group('recitation', M.recitationGroup, <EditOutlined />, [
      link(
        'recitation-list',
        M.recitationList,
        '/admin/recitation/list',
        '/admin/recitation',
        H.recitationList,
        RECITATION_ROLES,
      ),
      link(
        'recitation-compare',
        M.recitationCompare,
        '/admin/recitation/compare',
        '/admin/recitation/compare',
        H.recitationCompare,
        RECITATION_ROLES,
      ),
    ]),
    group('ai', M.aiGroup, <ExperimentOutlined />, [
      link('ai-agency', M.aiAgency, '/admin/settings/ai', '/admin/settings/ai', H.aiAgency, AI_AGENCY_ROLES),
      link('ai-platform', M.aiPlatform, '/admin/platform/ai', '/admin/platform/ai', H.aiPlatform, AI_PLATFORM_ROLES),
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
    links: [link('profile', M.profile, path, path)],
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
