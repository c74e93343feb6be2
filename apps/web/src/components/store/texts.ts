// Chinese text the store (/admin/store) shares with the owner's repository lists and form (docs/store.md): a
// repository's subject and grade, and its withdrawal.
export const STORE_SHARED_TEXTS = {
  subject: '学科',
  grade: '年级',
  withdrawn: '已下架',
  withdrawnByPlatform: '已被平台下架',
  withdrawnBy: (reason: string) => `下架原因：${reason}`,
} as const;
