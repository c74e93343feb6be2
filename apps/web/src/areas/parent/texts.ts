// Chinese UI text of the parent area.
export const PARENT_PAGES = {
  '/parent': '训练历史',
  '/parent/train/report/:id/:annoId/:showQuestion': '训练报告',
  '/parent/history/:id': '孩子的训练历史',
  '/parent/eventutor/index/:id': '辅导课堂',
} as const;

export const PARENT_TEXTS = {
  brand: '教育平台 · 家长',
  menu: { history: '训练历史' },
  home: {
    welcome: (name: string) => `您好，${name}`,
    intro: '在这里查看孩子的训练历史、报告和辅导课堂。',
    visitor: '登录家长账号后可以查看孩子的训练情况。',
    login: '前往登录',
    empty: '孩子完成训练后，训练历史会显示在这里。',
    agencies: '孩子所在的机构',
  },
} as const;
