// Chinese UI text of the whiteboard (docs/web.md "The lesson room").
export const BOARD_TEXTS = {
  loading: '白板加载中…',
  failed: '白板加载失败',
  retry: '重新加载',
  imageTooBig: '图片不能超过 2 MB',
  imageType: '只能插入 PNG、JPEG、GIF 或 WebP 图片',
  imageFailed: '图片上传失败',
} as const;
