// The practice engine (docs/domain.md "Schemes and trainings"): a training as a pure, deterministic state machine over
// a scheme — no I/O, no clock, no randomness of its own. The service feeds it events (start, draws it asked for,
// judged answers, finish) with their times and stores them, so a training replays exactly. Rules and the
// decisions taken: docs/practice-engine.md.
export * from './types.js';
export { startTraining, applyEvent, replay } from './transitions.js';
export { advanceTime } from './time.js';
export { countedAnswers, isDrawn, MAX_ANSWERS_PER_QUESTION, visitAnswers } from './answers.js';
export { chooseAmongIds, chooseQuestions } from './choose.js';
export { trainingBound } from './bound.js';
export { MAX_ENTRIES, pointKey } from './navigate.js';
export { validateScheme, type SchemeIssue } from './validate.js';
export * from './scheme-limits.js';
export {
  answerCredit,
  creditOf,
  roundCredit,
  entersWrongBook,
  isMark,
  marksOf,
  pointMark,
  questionMark,
  shareOf,
  verdictOf,
  WRONG_BOOK_SHARE,
} from './marks.js';
