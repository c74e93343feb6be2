// Chinese UI text of the 公开预览 panel on the admin question preview page.
export const PUBLICATION_TEXTS = {
  title: '公开预览',
  badge: '已公开',
  notPublished: '未公开',
  offHint:
    '公开后，任何人（无需登录）都可以通过链接查看并作答这道题，提交后看到判分结果；是否同时看到标准答案和解析由下面的开关决定。',
  heldHint: '这道题在已开启的试卷中或正在被学生训练使用时，公开链接暂时打不开，结束后自动恢复。',
  showAnswer: '访客可查看答案与解析',
  showAnswerOn: '提交后显示标准答案和解析',
  showAnswerOff: '提交后只显示对错和得分',
  answersShown: '访客提交后将看到答案与解析',
  answersHidden: '访客提交后只看到对错和得分',
  publish: '公开预览',
  publishTitle: '公开预览这道题？',
  publishBody: (showAnswer: boolean) =>
    showAnswer
      ? '任何拿到链接的人都能作答，并在提交后看到判分结果、标准答案和解析。之后可以随时撤下。'
      : '任何拿到链接的人都能作答，提交后只看到对错和得分，看不到标准答案和解析。之后可以随时撤下。',
  publishOk: '公开',
  published: '已公开预览',
  since: (time: string, by: string | null) => (by ? `${time} 由 ${by} 公开` : `${time} 公开`),
  link: '公开链接',
  copy: '复制链接',
  copied: '链接已复制',
  copyFailed: '无法自动复制，请手动选中链接复制',
  open: '打开',
  withdraw: '从公开预览撤下',
  withdrawTitle: '从公开预览撤下这道题？',
  withdrawBody: '撤下后公开链接将无法再打开这道题；以后可以重新公开，链接不变。',
  withdrawOk: '撤下',
  withdrawn: '已从公开预览撤下',
  cancel: '取消',
  readOnly: '这道题属于引用的共享题库，只有所属机构可以公开或撤下。',
  loadFailed: '公开状态加载失败',
} as const;
