// Fixtures of the wrong-book, record and mastery page tests.
import type { MasteryPoint, WrongEntry } from '@edu/contract';

export function entry(over: Partial<WrongEntry> = {}, card: Partial<WrongEntry['card']> = {}): WrongEntry {
  return {
    questionId: 'q1',
    title: '名词复数辨析',
    text: '名词复数辨析 apple 的复数',
    type: 'singleChoice',
    knowledgeCode: 'en.g7.c1.k1',
    knowledgeName: '名词复数',
    wrongCount: 2,
    firstWrongTime: 1_700_000_000_000,
    lastWrongTime: 1_700_000_060_000,
    lastWrongRecordId: 'r9',
    ...over,
    card: {
      state: 'new',
      due: 1_700_000_000_000,
      stability: 0,
      difficulty: 0,
      scheduledDays: 0,
      reps: 0,
      lapses: 0,
      lastReview: null,
      streak: 0,
      mastered: false,
      masteredTime: null,
      ...card,
    },
  };
}

export function point(over: Partial<MasteryPoint> = {}): MasteryPoint {
  return {
    code: 'en',
    parentCode: null,
    name: '英语',
    lv: 'subject',
    sort: 0,
    level: 'none',
    masteredBy: null,
    windowAnswers: 0,
    windowCorrect: 0,
    totalAnswers: 0,
    lastAnswerTime: null,
    ...over,
  };
}
