// Messages of the HTTP client (docs/product.md §8) and of the shared image upload (api/upload.ts).
export const API_TEXTS = {
  loginAgain: '请重新登录',
  requestFailed: '请求失败',
  imageType: '只支持 PNG、JPEG、GIF 或 WebP 图片',
  imageTooBig: '图片不能超过 2 MB',
} as const;
