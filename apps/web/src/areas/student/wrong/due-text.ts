// When a wrong-book entry is next due, as people read it: 已到期, 10 分钟后, 3 天后, or a date (China Standard Time).
import { cstDate, DAY_MS } from '@edu/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function dueText(due: number, now: number): string {
  const left = due - now;
  if (left <= 0) return '已到期';
  if (left < HOUR) return `${Math.max(1, Math.round(left / MINUTE))} 分钟后`;
  if (left < DAY_MS) return `${Math.round(left / HOUR)} 小时后`;
  if (left < 30 * DAY_MS) return `${Math.round(left / DAY_MS)} 天后`;
  return cstDate(due);
}
