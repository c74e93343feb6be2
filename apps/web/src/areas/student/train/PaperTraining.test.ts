import { toStudentView } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { question } from '../../../test/fixtures';
import { initialValue } from './PaperTraining';

describe('a paper reloaded', () => {
  const single = toStudentView(question({ id: 's1' }));
  const reading = toStudentView(question({ id: 'r1', type: 'enReading', options: [], answer: [] }));
  const paper = {
    questions: [single, reading],
    answers: { s1: ['B'], r1: [] },
    subAnswers: { r1: { q1: ['A'], q2: ['go'] } },
  };

  it("restores each question's saved answer, and a reading question's sub-answers", () => {
    expect(initialValue(single, paper)).toEqual({ answer: ['B'] });
    expect(initialValue(reading, paper)).toEqual({ answer: [], subAnswers: { q1: ['A'], q2: ['go'] } });
  });

  it('starts empty when nothing was saved (or the server sends no sub-answers)', () => {
    const bare = { questions: paper.questions, answers: {} };
    expect(initialValue(single, bare)).toEqual({ answer: [] });
    expect(initialValue(reading, bare)).toEqual({ answer: [], subAnswers: {} });
    expect(initialValue(single, null)).toEqual({ answer: [] });
  });
});
