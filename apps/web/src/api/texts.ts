// Messages of the HTTP client (docs/product.md §8).
export const API_TEXTS = {
  loginAgain: '请重新登录',
  requestFailed: '请求失败',
} as const;
