// Input hygiene shared by every route (docs/server.md "Input"): text that no database can store is refused
// before any feature sees it. PostgreSQL (and PGlite) refuse U+0000 in text and json, and a lone UTF-16
// surrogate cannot be written as UTF-8 (drivers turn it into U+FFFD silently, jsonb refuses its escape), so
// such strings are answered 400 naming the field instead of reaching a query as a 500 or being changed.
// Refused, never stripped: a stored value must be what the client sent.
import type { FieldError } from '@edu/contract';
import { invalidInput } from './api-error.js';

/** Deepest nesting of arrays and objects a JSON body may have; the contract's deepest body has 5 levels. */
export const MAX_BODY_DEPTH = 32;

export const BAD_TEXT_MESSAGE = '不能包含空字符（U+0000）或无效的 Unicode 字符';
export const TOO_DEEP_MESSAGE = `嵌套层级过深（最多 ${MAX_BODY_DEPTH} 层）`;

// U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isBadText = (s: string) => BAD_TEXT.test(s);

/** A path that can be shown: the offending characters of a key become U+FFFD. */
const showable = (s: string) => s.replace(new RegExp(BAD_TEXT.source, 'g'), '\ufffd');

const join = (prefix: string, key: string | number) => (prefix ? `${prefix}.${String(key)}` : String(key));

/**
 * The first problem in a parsed value (strings and object keys at any depth), as a field of the error
 * envelope, or null. Walks iteratively: a deeply nested body cannot overflow the stack here.
 */
export function findBadInput(value: unknown, prefix = '', maxDepth = MAX_BODY_DEPTH): FieldError | null {
  const stack: [unknown, string, number][] = [[value, prefix, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (isBadText(v)) return { path: showable(path) || 'body', message: BAD_TEXT_MESSAGE };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { path: showable(path) || 'body', message: TOO_DEEP_MESSAGE };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, i), depth + 1]);
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (isBadText(k)) return { path: showable(join(path, k)), message: BAD_TEXT_MESSAGE };
      stack.push([(v as Record<string, unknown>)[k], join(path, k), depth + 1]);
    }
  }
  return null;
}

/** Throws 400 `invalid_input` naming the first bad field of `value`. */
export function assertCleanInput(value: unknown, prefix = '', maxDepth = MAX_BODY_DEPTH): void {
  const bad = findBadInput(value, prefix, maxDepth);
  if (bad) throw invalidInput([bad]);
}
