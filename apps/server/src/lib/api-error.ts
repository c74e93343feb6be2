// Errors a handler throws to answer an error envelope: the code comes from the contract's one table.
import { ERRORS, type ErrorCode, type FieldError } from '@edu/contract';

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** The Chinese message for the envelope's errmsg (ERRORS' default when not given). */
  readonly errmsg: string;
  readonly fields?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    errmsg?: string,
    opts: { fields?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(`${code}: ${errmsg ?? ERRORS[code].errmsg}`, { cause: opts.cause });
    this.code = code;
    this.errmsg = errmsg ?? ERRORS[code].errmsg;
    this.fields = opts.fields;
    this.headers = opts.headers;
  }
}

/** 400 naming the offending fields; errmsg is the first field's message so a person can act on it. */
export const invalidInput = (fields: FieldError[]) =>
  new ApiError('invalid_input', fields[0] ? `${ERRORS.invalid_input.errmsg}：${fields[0].message}` : undefined, {
    fields,
  });

export const invalidField = (path: string, message: string) => invalidInput([{ path, message }]);
export const loginRequired = (errmsg?: string) => new ApiError('login_required', errmsg);
export const forbidden = (errmsg?: string) => new ApiError('forbidden', errmsg);
export const notFound = (errmsg?: string) => new ApiError('not_found', errmsg);
export const conflict = (errmsg: string) => new ApiError('conflict', errmsg);

/** PostgreSQL unique_violation, whether raised by node-postgres or PGlite and wrapped by drizzle or not. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === '23505') return constraint === undefined || pgErr.constraint === constraint;
  }
  return false;
}
