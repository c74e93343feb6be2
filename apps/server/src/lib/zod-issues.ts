// zod issues → the envelope's field list, with Chinese messages (zod's zh-CN locale unless the
// contract schema set its own message). The locale is passed per parse, not set globally, so the
// server's English log/config messages stay English.
import type { FieldError } from '@edu/contract';
import { z } from 'zod';

const zhCN = z.locales.zhCN().localeError;

export function parseZh<S extends z.ZodType>(schema: S, value: unknown) {
  return schema.safeParse(value, { error: zhCN });
}

export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return issues.map((i) => {
    const path = i.path.map(String).join('.');
    return { path: prefix && path ? `${prefix}.${path}` : prefix || path, message: i.message };
  });
}
