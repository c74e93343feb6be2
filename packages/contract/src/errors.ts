// The one table of API error codes: errno, HTTP status, stable English code and default Chinese message.

export const ERRORS = {
  ok: { errno: 0, status: 200, error: '', errmsg: '' },
  invalid_input: { errno: 400, status: 400, error: 'invalid_input', errmsg: '请求参数有误' },
  login_required: { errno: 401, status: 401, error: 'login_required', errmsg: '请重新登录' },
  forbidden: { errno: 403, status: 403, error: 'forbidden', errmsg: '没有权限执行此操作' },
  not_found: { errno: 404, status: 404, error: 'not_found', errmsg: '请求的资源不存在' },
  conflict: { errno: 409, status: 409, error: 'conflict', errmsg: '操作与当前数据冲突' },
  payload_too_large: { errno: 413, status: 413, error: 'payload_too_large', errmsg: '上传内容过大' },
  unsupported_media_type: { errno: 415, status: 415, error: 'unsupported_media_type', errmsg: '不支持的文件类型' },
  too_many_requests: { errno: 429, status: 429, error: 'too_many_requests', errmsg: '请求过于频繁，请稍后再试' },
  internal: { errno: 500, status: 500, error: 'internal', errmsg: '服务器内部错误，请稍后再试' },
  unavailable: { errno: 503, status: 503, error: 'unavailable', errmsg: '服务暂不可用，请稍后再试' },
} as const;

export type ErrorCode = Exclude<keyof typeof ERRORS, 'ok'>;

export function errorByErrno(errno: number): (typeof ERRORS)[ErrorCode] | undefined {
  return Object.values(ERRORS).find((e) => e.errno === errno && e.errno !== 0) as
    (typeof ERRORS)[ErrorCode] | undefined;
}
