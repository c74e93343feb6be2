// zod issues → the envelope's field list, with Chinese messages (zod's zh-CN locale unless the
// contract schema set its own message). The locale is passed per parse, not set globally, so the
// server's English log/config messages stay English.
import type { FieldError } from '@edu/contract';
import { z } from 'zod';

const zhCN = z.locales.zhCN().localeError;

/**
 * Parses with Chinese messages. A parse given an error map costs zod about 2 µs more for the answer's small body
 * (docs/performance.md "Validation without its error map"), and the map only words the issues: so a value is parsed
 * plainly first, and again with the map only when it fails.
 */
export function parseZh<S extends z.ZodType>(schema: S, value: unknown) {
  const plain = schema.safeParse(value);
  return plain.success ? plain : schema.safeParse(value, { error: zhCN });
}

export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    return { path: prefix && path ? `${prefix}.${path}` : prefix || path, message: i.message };
  });
}
