// Chinese UI text of the in-app notices (docs/notices.md "The bell").
export const NOTICE_TEXTS = {
  bell: '通知',
  bellUnread: (n: number) => `通知，${n} 条未读`,
  title: '通知',
  empty: '暂无通知',
  readAll: '全部已读',
  allRead: '已全部标为已读',
  unread: '未读',
  timesInCst: '时间均为北京时间',
  more: '加载更多',
  loadFailed: '通知加载失败',
  retry: '重试',
} as const;
