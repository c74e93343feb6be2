// Chinese UI text of training comments (the staff editor and the student's read-only view).
export const COMMENT_TEXTS = {
  by: (author: string) => author || '（已删除的账号）',
  at: (time: string) => `${time}（北京时间）`,
  edited: '（已修改）',
  write: '写点评',
  edit: '修改',
  remove: '删除',
  save: '保存点评',
  cancel: '取消',
  placeholder: '写下对这次训练（或这道题）的点评，学生在“班级点评”中可以看到',
  required: '请输入点评内容',
  saved: '点评已保存',
  removed: '点评已删除',
  removeTitle: '删除这条点评？',
  removeBody: '删除后学生将看不到这条点评。',
};
