// One pure judge per question type (docs/domain.md "Questions and repositories"); rules in docs/judging.md.
import { JUDGE_SIMILARITY_THRESHOLD, judgeSimilarity } from '../helpers/similarity.js';
import type { JudgeResult, JudgeType, SubJudgeResult, SubQuestionType } from '../schemas/question.js';
import { FEEDBACK, showBlanks, showChoice, showTrueFalse } from './feedback.js';
import { splitAlternatives } from '../schemas/question-rules.js';
import { blankMatches, choiceLetters, normaliseBlank, trueFalseValues } from './normalise.js';

/** What judging needs of a question or sub-question: its standard answer and explanation. */
export interface JudgeSource {
  answer: readonly string[];
  explanation?: string;
}

export interface JudgeSubSource extends JudgeSource {
  questionSubId: string;
  type: SubQuestionType;
  /** 'pending': proposed (e.g. generated) and not yet accepted by a teacher — not asked, not judged. */
  status?: string;
}

/** What judging needs of an enReading question. */
export interface ReadingSource {
  judgeType?: JudgeType;
  explanation?: string;
  questionSub: readonly JudgeSubSource[];
}

type Answer = readonly string[];

function judged(
  source: JudgeSource,
  submitted: Answer,
  verdict: { isCorrect: boolean | null; score: number; feedback: string; similarity?: number },
): JudgeResult {
  return {
    isCorrect: verdict.isCorrect,
    score: verdict.score,
    pending: verdict.isCorrect === null,
    submitAnswer: [...submitted],
    standardAnswer: [...source.answer],
    explanation: source.explanation ?? '',
    feedback: verdict.feedback,
    ...(verdict.similarity === undefined ? {} : { similarity: verdict.similarity }),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length > 0 && a.length === b.length && a.every((x, i) => x === b[i]);

/** Choice: the submitted letters, as a set, equal the standard ones (all-or-nothing). */
function judgeChoice(source: JudgeSource, submitted: Answer): JudgeResult {
  const standard = choiceLetters(source.answer);
  const ok = sameSet(choiceLetters(submitted), standard);
  return judged(source, submitted, {
    isCorrect: ok,
    score: ok ? 1 : 0,
    feedback: ok ? FEEDBACK.correct : FEEDBACK.wrong(showChoice(standard)),
  });
}

/** singleChoice: the one standard letter, nothing else (order, duplicates, case, width ignored). */
export const judgeSingleChoice = (source: JudgeSource, submitted: Answer): JudgeResult =>
  judgeChoice(source, submitted);

/** multipleChoice: exactly the standard letters; a missing or an extra letter is wrong (no partial score). */
export const judgeMultipleChoice = (source: JudgeSource, submitted: Answer): JudgeResult =>
  judgeChoice(source, submitted);

/** trueFalse: one value, `T`/`F` or an accepted spelling (true/false, 对/错, √/×, …). */
export function judgeTrueFalse(source: JudgeSource, submitted: Answer): JudgeResult {
  const standard = trueFalseValues(source.answer);
  const ok = standard.length === 1 && /^[TF]$/.test(standard[0]) && sameSet(trueFalseValues(submitted), standard);
  return judged(source, submitted, {
    isCorrect: ok,
    score: ok ? 1 : 0,
    feedback: ok ? FEEDBACK.correct : FEEDBACK.wrong(showTrueFalse(standard[0] ?? '')),
  });
}

/** fillBlank: blank i against the `|` alternatives of standard blank i; score = fraction of blanks right. */
export function judgeFillBlank(source: JudgeSource, submitted: Answer): JudgeResult {
  const total = source.answer.length;
  const right = source.answer.filter((blank, i) => blankMatches(blank, submitted[i])).length;
  const ok = total > 0 && right === total;
  const shown = showBlanks(source.answer.map(splitAlternatives));
  return judged(source, submitted, {
    isCorrect: ok,
    score: total > 0 ? right / total : 0,
    feedback: ok ? FEEDBACK.correct : right > 0 ? FEEDBACK.wrongBlanks(right, total, shown) : FEEDBACK.wrong(shown),
  });
}

/** translation: similar enough (judgeSimilarity ≥ 80) to the reference; the best reference counts if several. */
export function judgeTranslation(source: JudgeSource, submitted: Answer): JudgeResult {
  const text = submitted.join(' ');
  const references = source.answer.filter((ref) => normaliseBlank(ref) !== '');
  const similarity =
    normaliseBlank(text) === '' ? 0 : Math.max(0, ...references.map((ref) => judgeSimilarity(ref, text)));
  const ok = similarity >= JUDGE_SIMILARITY_THRESHOLD;
  return judged(source, submitted, {
    isCorrect: ok,
    score: ok ? 1 : 0,
    similarity,
    feedback: ok ? FEEDBACK.translationCorrect(similarity) : FEEDBACK.translationWrong(similarity, references[0] ?? ''),
  });
}

/** Any manually judged answer: queued for a teacher (pending, isCorrect null, score 0 until judged). */
export const judgeManual = (source: JudgeSource, submitted: Answer): JudgeResult =>
  judged(source, submitted, { isCorrect: null, score: 0, feedback: FEEDBACK.pending });

/** shortAnswer: always manual. */
export const judgeShortAnswer = judgeManual;

/** A sub-question of enReading, by its own type; fillBlank and translation wait for a teacher when `manual`. */
function judgeSub(sub: JudgeSubSource, submitted: Answer, manual: boolean): SubJudgeResult {
  let r: JudgeResult;
  switch (sub.type) {
    case 'singleChoice':
      r = judgeSingleChoice(sub, submitted);
      break;
    case 'multipleChoice':
      r = judgeMultipleChoice(sub, submitted);
      break;
    case 'trueFalse':
      r = judgeTrueFalse(sub, submitted);
      break;
    case 'fillBlank':
      r = manual ? judgeManual(sub, submitted) : judgeFillBlank(sub, submitted);
      break;
    case 'translation':
      r = manual ? judgeManual(sub, submitted) : judgeTranslation(sub, submitted);
      break;
    case 'shortAnswer':
      r = judgeShortAnswer(sub, submitted);
      break;
  }
  return {
    questionSubId: sub.questionSubId,
    type: sub.type,
    isCorrect: r.isCorrect,
    // Inside enReading a sub-question counts whole: right or not (docs/domain.md "Questions and repositories").
    score: r.isCorrect === true ? 1 : 0,
    pending: r.pending,
    submitAnswer: r.submitAnswer,
    standardAnswer: r.standardAnswer,
    explanation: r.explanation,
    feedback: r.feedback,
    ...(r.similarity === undefined ? {} : { similarity: r.similarity }),
  };
}

/** A sub-question students are asked: every one but those still waiting for a teacher's review ('pending'). */
export const isAskedSub = (sub: { status?: string }) => sub.status !== 'pending';

/**
 * enReading: each sub-question judged with `subAnswers[questionSubId]` (missing → empty → wrong).
 * score = sub-questions right / sub-questions; isCorrect true when all are right, false as soon as an
 * auto-judged one is wrong, otherwise null while some wait for a teacher.
 */
export function judgeEnReading(
  source: ReadingSource,
  submission: { answer?: Answer; subAnswers?: Readonly<Record<string, Answer>> },
): JudgeResult {
  const manual = source.judgeType === 'manual';
  // Only the sub-questions a teacher accepted are asked, so only they are judged (docs/reading.md "Providers and generation").
  const subResults = source.questionSub
    .filter(isAskedSub)
    .map((sub) => judgeSub(sub, submission.subAnswers?.[sub.questionSubId] ?? [], manual));
  const total = subResults.length;
  const right = subResults.filter((r) => r.isCorrect === true).length;
  const wrong = subResults.some((r) => r.isCorrect === false);
  const pending = subResults.some((r) => r.pending);
  const isCorrect = total === 0 || wrong ? false : pending ? null : true;
  const feedback =
    isCorrect === true
      ? FEEDBACK.correct
      : pending
        ? FEEDBACK.readingPending(right, subResults.filter((r) => !r.pending).length)
        : FEEDBACK.readingWrong(right, total);
  return {
    isCorrect,
    score: total > 0 ? right / total : 0,
    pending,
    submitAnswer: [...(submission.answer ?? [])],
    standardAnswer: [],
    explanation: source.explanation ?? '',
    feedback,
    subResults,
  };
}
