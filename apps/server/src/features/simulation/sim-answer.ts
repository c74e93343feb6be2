// A synthetic student's answer to a question (docs/simulation.md "Answering"): what they submit — the key when they
// know the part and do not slip, a uniform guess among the options (or a wrong text) when they do not, a careless
// typo now and then in what they type — judged by the product's own judge, and the seconds it took.
import { judgeQuestion, splitAlternatives, type JudgeResult, type Submission } from '@edu/contract';
import type { StudentModel } from './sim-params.js';
import type { SimRandom } from './sim-random.js';
import type { SimPart, SimQuestion } from './sim-world.js';
import { knowPart, type SimStudent } from './student-model.js';

export interface Attempt {
  submission: Submission;
  result: JudgeResult;
  seconds: number;
}

/** A typed text the judge never accepts. */
const WRONG_TEXT = '?';

/**
 * One try at the question. `tried` holds the answers of earlier tries of the same question in this training (a
 * retry does not pick a wrong option twice); the new ones are added.
 */
export function attempt(
  model: StudentModel,
  student: SimStudent,
  q: SimQuestion,
  at: number,
  rng: SimRandom,
  tried: Set<string>,
): Attempt {
  const retry = tried.size > 0;
  const entries = q.parts.map((part, i) => {
    const know = knowPart(model, student, q.code, q.id, part.item, at);
    const given = partAnswer(model, student, part, know, rng, (text) => tried.has(`${i}:${text}`));
    tried.add(`${i}:${given.join('|')}`);
    return given;
  });
  const submission: Submission =
    q.type === 'enReading'
      ? { answer: [], subAnswers: Object.fromEntries(q.parts.map((p, i) => [p.subId!, entries[i]])) }
      : { answer: entries[0] ?? [] };
  const seconds =
    model.seconds[q.type] *
    student.speed *
    Math.exp(rng.normal(0, model.timeLogSd)) *
    (retry ? model.retryTimeShare : 1);
  return { submission, result: judgeQuestion(q.judge, submission), seconds };
}

function partAnswer(
  model: StudentModel,
  student: SimStudent,
  part: SimPart,
  know: number,
  rng: SimRandom,
  triedBefore: (text: string) => boolean,
): string[] {
  const slipped = rng.chance(student.slip);
  const knows = (p: number) => !slipped && rng.chance(p);
  switch (part.type) {
    case 'singleChoice':
    case 'trueFalse': {
      if (knows(know)) return [...part.answer];
      const options = part.type === 'trueFalse' ? ['T', 'F'] : part.keys;
      const fresh = options.filter((o) => !triedBefore(o));
      return [rng.pick(fresh.length ? fresh : options)];
    }
    case 'multipleChoice': {
      if (knows(know)) return [...part.answer].sort();
      let pick: string[] = [];
      for (let i = 0; i < 20; i++) {
        pick = part.keys.filter(() => rng.chance(0.5));
        if (pick.length > 0 && !triedBefore(pick.join('|'))) break;
      }
      return pick.length ? pick : [rng.pick(part.keys)];
    }
    case 'fillBlank': {
      // Blanks are known one by one, so that all of them are known with the part's probability.
      const perBlank = know ** (1 / Math.max(1, part.answer.length));
      return part.answer.map((blank) => {
        const key = splitAlternatives(blank)[0] ?? '';
        if (knows(perBlank)) return careless(model, key, rng);
        return rng.chance(model.typedGuess) ? key : WRONG_TEXT;
      });
    }
    case 'translation': {
      const reference = part.answer[0] ?? '';
      if (knows(know)) return [careless(model, reference, rng)];
      return [rng.chance(model.typedGuess) ? reference : WRONG_TEXT];
    }
    case 'shortAnswer':
    case 'enReading':
      return ['（作答）'];
  }
}

/** A careless typo now and then: one character of the text left out. */
function careless(model: StudentModel, text: string, rng: SimRandom): string {
  if (text.length < 2 || !rng.chance(model.typo)) return text;
  const at = rng.int(text.length);
  return text.slice(0, at) + text.slice(at + 1);
}
