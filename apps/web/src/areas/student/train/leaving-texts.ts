// Texts of the student's "my records" card: the own history export and leaving the agency (docs/users.md
// "Leaving and retention", "Own history export").
export const LEAVING_TEXTS = {
  title: '我的练习记录与机构',
  exportIntro: '把练习记录导出为 Excel：训练记录和答题记录（题目、我的答案、结果、得分），不含标准答案。',
  cap: (answers: string) => `一次最多导出 ${answers} 条答题记录，超出时文件中会注明，可按机构分别导出。`,
  allAgencies: '全部机构',
  agencyLabel: '导出范围',
  left: (date: string) => `已离开，记录保留至 ${date}`,
  export: '导出我的练习记录',
  fileName: '我的练习记录.xlsx',
  loadFailed: '机构列表加载失败',
  leave: '退出机构',
  leaveIntro: '不再在本机构学习时，可以退出本机构。',
  leaveTitle: (agency: string) => `退出「${agency}」？`,
  leaveBody: (days: number) =>
    `退出后，你在本机构的学生角色和班级会被移除，不能再在本机构练习和完成任务。本机构会保留你的练习记录 ${days} 天，期满后删除；保留期内重新加入本机构，记录仍可查看。建议先导出练习记录。你的账号和在其他机构的身份不受影响。`,
  confirm: '确认退出',
  cancel: '取消',
  leftDone: '已退出机构',
};
