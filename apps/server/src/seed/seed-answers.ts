// The demo student's answers: what a student could have typed, derived from a question's key. A right answer
// takes each blank's first alternative (the key's `a|b` syntax and `\|` escapes are never typed); a wrong one is
// another option, the opposite truth value, or a text no key holds. Rules of the key: docs/judging.md.
import { splitAlternatives, trueFalseValue, type TrainingAnswerRequest } from '@edu/contract';

interface Keyed {
  type: string;
  answer: string[];
  /** Absent on a stored sub-question without options. */
  options?: { key: string }[];
}

export interface KeyedQuestion extends Keyed {
  questionSub: (Keyed & { questionSubId: string })[];
}

/** A text no standard answer of the demo bank holds. */
const UNKNOWN = '不会';

function typed(q: Keyed, right: boolean): string[] {
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice': {
      if (right) return q.answer;
      const other = (q.options ?? []).find((o) => !q.answer.includes(o.key));
      // A multiple choice whose every option is right: leaving one out is wrong.
      return other ? [other.key] : q.answer.slice(1);
    }
    case 'trueFalse':
      return [(trueFalseValue(q.answer[0] ?? '') === 'T') === right ? '√' : '×'];
    case 'fillBlank':
      return q.answer.map((blank) => (right ? (splitAlternatives(blank)[0] ?? '') : UNKNOWN));
    default:
      return right ? q.answer : [UNKNOWN];
  }
}

/** The submission of a student answering `q` rightly or wrongly. */
export function typedAnswer(q: KeyedQuestion, right: boolean): Pick<TrainingAnswerRequest, 'answer' | 'subAnswers'> {
  if (q.type !== 'enReading') return { answer: typed(q, right) };
  // Wrong: the first sub-question is missed, the others answered right.
  const subAnswers = Object.fromEntries(q.questionSub.map((s, i) => [s.questionSubId, typed(s, right || i > 0)]));
  return { answer: [], subAnswers };
}
