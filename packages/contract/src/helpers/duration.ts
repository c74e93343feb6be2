// docs/product.md §9 time format: a duration in seconds as at most two Chinese units, '--' when there is no number.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Shown for empty, non-numeric, negative or infinite values (docs/product.md §5). */
export const EMPTY_DURATION = '--';

const DECIMAL_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The whole number of seconds a value stands for, or null when it is not a usable duration.
 * Numbers and decimal strings (surrounding whitespace allowed) count; hex, '', booleans and the rest do not.
 */
export function toDurationSeconds(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'bigint') n = Number(value);
  else if (typeof value === 'string' && DECIMAL_RE.test(value.trim())) n = Number(value.trim());
  else return null;
  if (!Number.isFinite(n) || n < 0) return null;
  // Floor first, so 59.9 is "59秒" and -0 is 0.
  return Math.floor(n) + 0;
}

/**
 * docs/product.md §9: under a minute "N秒"; under an hour "M分S秒"; under a day "H小时M分", or "H小时S秒" when the
 * minutes are 0; otherwise "D天H小时", or "D天M分" when the hours are 0.
 *
 * Decision: a second unit that would read 0 is left out rather than printed ("5分", "2小时", "3天"), the same
 * way the spec drops zero minutes/hours. Units below the second shown are cut, never rounded up
 * ("1天5秒" is not a form: 86405 shows "1天").
 */
export function formatDuration(seconds: unknown): string {
  const total = toDurationSeconds(seconds);
  if (total === null) return EMPTY_DURATION;
  if (total < MINUTE) return `${total}秒`;

  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const secs = total % MINUTE;
  const pair = (first: string, n: number, unit: string) => (n > 0 ? `${first}${n}${unit}` : first);

  if (total < HOUR) return pair(`${minutes}分`, secs, '秒');
  if (total < DAY) return minutes > 0 ? pair(`${hours}小时`, minutes, '分') : pair(`${hours}小时`, secs, '秒');
  return hours > 0 ? pair(`${days}天`, hours, '小时') : pair(`${days}天`, minutes, '分');
}
