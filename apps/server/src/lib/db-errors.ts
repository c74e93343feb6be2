// Database errors that are the client's fault (docs/server.md "Input"): the error handler answers them
// 400/409 in the envelope instead of 500. Both drivers report PostgreSQL's SQLSTATE as `code` (node-postgres'
// DatabaseError, PGlite's error object), possibly wrapped by drizzle as the `cause` of its own error.
// Feature code that knows better (which name is taken, which field is wrong) still throws its own ApiError.
import type { ErrorCode } from '@edu/contract';

export interface ClientDbError {
  code: Extract<ErrorCode, 'invalid_input' | 'conflict'>;
  errmsg: string;
  sqlState: string;
}

/** SQLSTATE → the answer. Everything else stays an internal error with its message hidden. */
const CLIENT_DB_ERRORS: Record<string, Omit<ClientDbError, 'sqlState'>> = {
  // unique_violation: two requests created the same thing at once, or a name is taken.
  '23505': { code: 'conflict', errmsg: '数据与已有记录重复（可能刚被他人创建），请刷新后重试' },
  // invalid_text_representation: a value the column's type cannot read (e.g. not a number, bad json).
  '22P02': { code: 'invalid_input', errmsg: '请求参数格式不正确' },
  // character_not_in_repertoire: bytes that are not UTF-8, such as U+0000.
  '22021': { code: 'invalid_input', errmsg: '请求参数包含无效字符' },
  // untranslatable_character: json escapes PostgreSQL cannot store (\u0000, lone surrogates).
  '22P05': { code: 'invalid_input', errmsg: '请求参数包含无效字符' },
  // numeric_value_out_of_range
  '22003': { code: 'invalid_input', errmsg: '数值超出允许范围' },
  // string_data_right_truncation: longer than the column allows.
  '22001': { code: 'invalid_input', errmsg: '内容过长' },
  // datetime_field_overflow
  '22008': { code: 'invalid_input', errmsg: '日期或时间无效' },
};

// A SQLSTATE: five digits or capitals. Checked together with `severity`, which both drivers set and
// Node's system errors (`EPIPE`) do not.
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error in `err`'s cause chain (drizzle wraps the driver's error), or null. */
export function databaseErrorOf(err: unknown): { code: string } | null {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    const c = e as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && SQLSTATE.test(c.code) && typeof c.severity === 'string') return { code: c.code };
    e = c.cause;
  }
  return null;
}

/** How to answer a database error the client caused, or null when it is the server's (a 500). */
export function clientDbError(err: unknown): ClientDbError | null {
  const db = databaseErrorOf(err);
  const known = db ? CLIENT_DB_ERRORS[db.code] : undefined;
  return db && known ? { ...known, sqlState: db.code } : null;
}
