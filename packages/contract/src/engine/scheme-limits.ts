// The numeric limits of a scheme's points and their messages, in one place: the contract's schemas bound the
// shape with them and the engine's validateScheme checks the rules with them (docs/practice-engine.md
// "validateScheme"), so a limit and the message that states it cannot drift apart.

/**
 * Seconds; 0 = no limit (docs/domain.md "Wire format"). A week bounds every training. Here rather than beside the
 * schema that bounds it: the exam page reads it, and schemas/scheme.ts would bring zod into that page.
 */
export const MAX_SCHEME_TIME_LIMIT = 7 * 24 * 3600;

/** Questions drawn per visit of a general scheme's point. */
export const MAX_REPEAT = 50;
/** Questions of a paper; its single point carries that count as its `repeat` (never used to draw). */
export const MAX_PAPER_QUESTIONS = 500;

export const REPEAT_MESSAGE = `每次抽题数必须是 1 到 ${MAX_REPEAT} 之间的整数`;
/** Past every point's bound: a general point stops at MAX_REPEAT, a paper's at its number of questions. */
export const REPEAT_BOUND_MESSAGE = `每次抽题数不能超过 ${MAX_PAPER_QUESTIONS}（普通方案 1 到 ${MAX_REPEAT}）`;
export const PAPER_SIZE_MESSAGE = `一份试卷最多 ${MAX_PAPER_QUESTIONS} 道题`;
/** `max`: the point's repeat, or words for it when the repeat itself is invalid. */
export const requireCorrectMessage = (max: number | string = '每次抽题数') =>
  `需要答对的题数必须是 0 到 ${max} 之间的整数`;

/** What one question is worth (docs/practice-engine.md "Marks"): 1 unless the scheme says otherwise. */
export const DEFAULT_MARK = 1;
export const MIN_MARK = 0.5;
export const MAX_MARK = 100;
/** Marks go in halves: 0.5, 1, 1.5 … 100. */
export const MARK_STEP = 0.5;
export const MARK_MESSAGE = `分值必须是 ${MIN_MARK} 到 ${MAX_MARK} 之间、${MARK_STEP} 的整数倍`;

/** A point's draw modes (docs/practice-engine.md "Draw modes"); absent = the first. */
export const DRAW_MODES = ['least-seen', 'ability'] as const;
export const DRAW_MODE_MESSAGE = '抽题方式只能是 least-seen（最少作答优先）或 ability（按能力匹配）';
