// The areas' layouts, each a chunk of its own like the pages: a student's first load carries no admin menu
// (docs/web.md "Bundle budget"). The router draws them; route preloading starts the matched route's layout with its
// page (docs/web.md "Route preloading").
import { lazyPage, type LazyPage } from '../app/lazy-page';
import type { LayoutKey } from '../app/route-types';

const AdminLayout = lazyPage(() => import('../areas/admin/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const StudentLayout = lazyPage(() =>
  import('../areas/student/StudentLayout').then((m) => ({ default: m.StudentLayout })),
);
const ParentLayout = lazyPage(() => import('../areas/parent/ParentLayout').then((m) => ({ default: m.ParentLayout })));
const TeacherLayout = lazyPage(() =>
  import('../areas/teacher/TeacherLayout').then((m) => ({ default: m.TeacherLayout })),
);
const PublicLayout = lazyPage(() => import('../areas/public/PublicLayout').then((m) => ({ default: m.PublicLayout })));

/** Each layout with the path its routes lie under (null: the public layout's routes have their own paths). */
export const LAYOUTS: Record<Exclude<LayoutKey, 'bare'>, { prefix: string | null; Layout: LazyPage }> = {
  admin: { prefix: '/admin', Layout: AdminLayout },
  student: { prefix: '/student', Layout: StudentLayout },
  parent: { prefix: '/parent', Layout: ParentLayout },
  teacher: { prefix: '/WTPteacher', Layout: TeacherLayout },
  public: { prefix: null, Layout: PublicLayout },
};

/** The layout a route is drawn in, none for a full-screen one. */
export const layoutOf = (key: LayoutKey): LazyPage | undefined => (key === 'bare' ? undefined : LAYOUTS[key].Layout);
