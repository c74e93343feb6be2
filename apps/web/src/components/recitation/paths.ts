// Where the recitation pages live (docs/routes.md "Routes beyond docs/product.md §2").
export const RECITATION_LIST_PATH = '/admin/recitation/list';
export const RECITATION_CREATE_PATH = '/admin/recitation/create';
export const RECITATION_COMPARE_PATH = '/admin/recitation/compare';
export const recitationEditPath = (id: string) => `/admin/recitation/${encodeURIComponent(id)}/edit`;
export const STUDENT_RECITATION_PATH = '/student/recitation';
export const studentPracticePath = (id: string) => `/student/recitation/${encodeURIComponent(id)}`;
