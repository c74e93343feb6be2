// Knowledge-point mastery from a student's answer history (docs/domain.md "Wrong answers, mastery, statistics", Khan-style; rules in
// docs/practice-engine.md "Wrong-answer book and mastery"). Pure: the repository hands in the answers.
import { cstDayNumber, type MasteryLevel, windowLevel } from '@edu/contract';

/** A counted, judged answer of the student. */
export interface MasteryAnswer {
  /** The main knowledge point of the question. */
  code: string;
  right: boolean;
  at: number;
  /** Set when the answer was given in a (finished) paper training. */
  paperId: string | null;
}

export interface PointMastery {
  level: MasteryLevel;
  masteredBy: 'days' | 'paper' | null;
  windowAnswers: number;
  windowCorrect: number;
  totalAnswers: number;
  lastAnswerTime: number | null;
}

/** Days are counted in China Standard Time (UTC+8), where the platform's students live. */
const dayOf = cstDayNumber;

/** The codes of a point and all its ancestors: `en.g7.c1` → en, en.g7, en.g7.c1. */
export function selfAndAncestors(code: string): string[] {
  const parts = code.split('.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
}

/** The level earned by the answers of one subtree (oldest first). */
export function levelOf(answers: readonly MasteryAnswer[]): PointMastery {
  const flags = answers.map((a) => a.right);
  const window = flags.slice(-10);
  const base = windowLevel(flags);
  const out: PointMastery = {
    level: base,
    masteredBy: null,
    windowAnswers: window.length,
    windowCorrect: window.filter(Boolean).length,
    totalAnswers: answers.length,
    lastAnswerTime: answers.length ? answers[answers.length - 1].at : null,
  };
  if (answers.length === 0) return out;
  // Proficient on two different days: the level at the end of each day the student answered; the current
  // level must still be proficient (mastery is lost again by wrong answers, as in Khan Academy).
  if (base === 'proficient') {
    const proficientDays = new Set<number>();
    for (let i = 0; i < answers.length; i++) {
      const endOfDay = i === answers.length - 1 || dayOf(answers[i + 1].at) !== dayOf(answers[i].at);
      if (endOfDay && windowLevel(flags.slice(0, i + 1)) === 'proficient') proficientDays.add(dayOf(answers[i].at));
    }
    if (proficientDays.size >= 2) return { ...out, level: 'mastered', masteredBy: 'days' };
  }
  // All right in a paper, and nothing wrong in the subtree since.
  const lastWrong = answers.reduce((last, a) => (a.right ? last : Math.max(last, a.at)), -Infinity);
  const papers = new Map<string, { right: boolean; last: number }>();
  for (const a of answers) {
    if (a.paperId === null) continue;
    const p = papers.get(a.paperId) ?? { right: true, last: a.at };
    papers.set(a.paperId, { right: p.right && a.right, last: Math.max(p.last, a.at) });
  }
  if ([...papers.values()].some((p) => p.right && p.last > lastWrong))
    return { ...out, level: 'mastered', masteredBy: 'paper' };
  return out;
}

/** The level of every point that has answers in its subtree, by code. Answers must be oldest first. */
export function masteryByPoint(answers: readonly MasteryAnswer[]): Map<string, PointMastery> {
  const bySubtree = new Map<string, MasteryAnswer[]>();
  for (const a of answers)
    for (const code of selfAndAncestors(a.code)) {
      const list = bySubtree.get(code);
      if (list) list.push(a);
      else bySubtree.set(code, [a]);
    }
  return new Map([...bySubtree].map(([code, list]) => [code, levelOf(list)]));
}
