// Chinese UI text of the public teacher pages (docs/users.md "Teacher profiles").
export const TEACHER_PUBLIC_TEXTS = {
  notFound: '教师资料不存在或未公开',
  subjects: '任教学科',
  agencies: '所在机构',
  introduction: '简介',
  noIntroduction: '这位老师还没有写简介。',
  listTitle: '教师介绍',
  listEmpty: '机构还没有公开的教师资料',
  more: '查看资料',
  total: (n: number | string) => `共 ${n} 位老师`,
};
