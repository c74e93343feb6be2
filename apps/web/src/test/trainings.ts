// Fixtures of the training page tests: open schemes, trainings, records and a student's view of questions.
import {
  toStudentView,
  type OpenScheme,
  type Question,
  type Training,
  type TrainingRecord,
  type TrainingSummary,
} from '@edu/contract';
import { question } from './fixtures';

export const STUDENT = ['edu:agency:demo:student'];

export const stem = (id: string, over: Partial<Question> = {}) =>
  toStudentView(question({ id, question: `<p>题干 ${id}</p>`, ...over }));

export function openScheme(over: Partial<OpenScheme> = {}): OpenScheme {
  return {
    schemeId: 's1',
    title: '名词专项',
    type: 'general',
    timeLimit: 1800,
    kpRange: ['en.g7.c1'],
    phaseCount: 2,
    questionBound: 12,
    runningTrainId: null,
    finishedCount: 0,
    lastUpdate: 1_700_000_000_000,
    ...over,
  };
}

export function training(over: Partial<Training> = {}): Training {
  return {
    trainId: 't1',
    schemeId: 's1',
    title: '名词专项',
    type: 'general',
    status: 'running',
    phase: '基础',
    point: 'p1',
    phaseIndex: 1,
    phaseCount: 2,
    judgeWay: 'once',
    question: stem('q1'),
    paper: null,
    answered: 0,
    correct: 0,
    score: 0,
    maxScore: 0,
    bound: 12,
    startTime: 1_700_000_000_000,
    endTime: null,
    phaseRemaining: null,
    schemeRemaining: null,
    serverTime: 1_700_000_000_000,
    ...over,
  };
}

export function record(over: Partial<TrainingRecord> = {}): TrainingRecord {
  return {
    recordId: 'r1',
    questionId: 'q1',
    version: 1,
    phase: '基础',
    point: 'p1',
    title: '名词辨析',
    type: 'singleChoice',
    stem: '',
    options: [],
    answer: ['B'],
    subAnswers: [],
    isCorrect: true,
    score: 1,
    first: true,
    createTime: 1_700_000_060_000,
    ...over,
  };
}

export const summary = (over: Partial<TrainingSummary> = {}): TrainingSummary => ({
  trainId: 't1',
  schemeId: 's1',
  title: '名词专项',
  type: 'general',
  status: 'finished',
  answered: 4,
  correct: 3,
  score: 2.5,
  maxScore: 4,
  startTime: 1_700_000_000_000,
  endTime: 1_700_000_125_000,
  ...over,
});
