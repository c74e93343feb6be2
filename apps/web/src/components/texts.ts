// Chinese UI text of the shared components.
export const COMMON_TEXTS = {
  underConstruction: '建设中',
  underConstructionSub: (page: string, when: string) => `「${page}」页面正在建设中，${when}。`,
  back: '返回',
  home: '返回首页',
  loading: '加载中…',
  brand: '教育平台',
} as const;

export const HEADER_TEXTS = {
  changePassword: '修改密码',
  logout: '退出登录',
  login: '登录',
  agency: '机构',
  switched: (name: string) => `已切换到 ${name}`,
} as const;
