// Chinese UI text of the WTP teacher (homework tutor) area.
export const TEACHER_PAGES = {
  '/WTPteacher': '辅导老师首页',
  '/WTPteacher/change/:taskId/:homeworkId': '批改作业',
  '/WTPteacher/webrtc/:id': '视频通话',
  '/WTPteacher/history': '辅导历史',
} as const;

export const TEACHER_TEXTS = {
  brand: '教育平台 · 辅导老师',
  menu: { home: '待批改', history: '辅导历史' },
  home: {
    welcome: (name: string) => `您好，${name}`,
    intro: '学生提交的主观题答案在这里批改；点击「批改」逐题打分、写评语和批注。',
    visitor: '登录辅导老师账号后可以批改作业、进入辅导课堂。',
    login: '前往登录',
    agencies: '服务的机构',
    empty: '暂时没有待批改的作业。',
    lessons: '我的辅导课',
  },
} as const;
