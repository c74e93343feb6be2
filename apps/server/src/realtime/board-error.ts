// A board change the store refuses: the ack's code and message (docs/lessons.md "Realtime", "Board").
export class BoardError extends Error {
  constructor(
    readonly code: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** A lesson that is not live refuses every change (409). */
export const STATUS_REFUSALS: Record<string, string> = {
  scheduled: '课程尚未开始',
  ended: '课程已结束',
  cancelled: '课程已取消',
};
