// Fixtures of the statistics page tests: a paper scheme's student and answer statistics, a finished training's
// report and a student's results.
import type {
  SchemeAnswerStats,
  SchemeUserRow,
  SchemeUserStats,
  StudentTrainingStats,
  TrainingReport,
} from '@edu/contract';

const userRow = (over: Partial<SchemeUserRow>): SchemeUserRow => ({
  userId: '11',
  name: '学生一',
  username: 's1',
  trainings: 2,
  ended: 2,
  bestScoreRate: 1,
  meanScoreRate: 0.75,
  lastScoreRate: 0.5,
  totalSeconds: 125,
  answered: 6,
  correct: 5,
  lastTrainId: '301',
  lastStartTime: Date.UTC(2026, 0, 5, 8),
  ...over,
});

export const USERS: SchemeUserStats = {
  schemeId: '7',
  title: '期中模拟卷',
  type: 'paper',
  from: null,
  to: null,
  summary: {
    started: 6,
    running: 1,
    finished: 4,
    expired: 1,
    users: 2,
    meanSeconds: 125,
    meanScoreRate: 0.6,
    medianScoreRate: 2 / 3,
  },
  scoreBuckets: Array.from({ length: 10 }, (_, b) => ({
    from: b / 10,
    to: (b + 1) / 10,
    count: b === 6 ? 2 : b === 9 ? 3 : 0,
  })),
  timeline: [{ day: Date.UTC(2026, 0, 4, 16), started: 6, ended: 5 }],
  users: {
    total: 2,
    list: [
      userRow({}),
      userRow({ userId: '12', name: '学生二', username: 's2', bestScoreRate: 0.5, lastTrainId: '302' }),
    ],
  },
};

const question = (over: Partial<SchemeAnswerStats['questions'][number]>): SchemeAnswerStats['questions'][number] => ({
  questionId: '1',
  title: '第一题',
  type: 'trueFalse',
  position: 1,
  attempts: 5,
  seen: 5,
  facility: 0.8,
  sd: 0.45,
  discrimination: 53.45,
  efficiency: 100,
  flagged: null,
  ...over,
});

export const ANSWERS: SchemeAnswerStats = {
  schemeId: '7',
  title: '期中模拟卷',
  type: 'paper',
  from: null,
  to: null,
  trainings: 5,
  thresholds: { minAttempts: 5, facilityLow: 0.2, facilityHigh: 0.95, discriminationLow: 20 },
  questions: [
    // Calibrated by the nightly job from the agency's answers (docs/practice-engine.md "Draw modes").
    question({
      calibration: {
        a: 1.37,
        b: -0.42,
        c: 0.5,
        answers: 80,
        rights: 61,
        facility: 0.7625,
        calibratedAt: 1_795_000_000_000,
      },
    }),
    question({
      questionId: '2',
      title: '第二题',
      position: 2,
      facility: 0.6,
      discrimination: -32.73,
      efficiency: -42.86,
      flagged: 'negative_discrimination',
    }),
    question({
      questionId: '3',
      title: '第三题',
      position: 3,
      attempts: 4,
      facility: 0.4,
      discrimination: 16.67,
      efficiency: 16.67,
    }),
  ],
};

export const REPORT: TrainingReport = {
  training: {
    trainId: '301',
    schemeId: '7',
    title: '期中模拟卷',
    type: 'paper',
    status: 'finished',
    answered: 3,
    correct: 2,
    score: 2,
    maxScore: 3,
    startTime: Date.UTC(2026, 0, 5, 8),
    endTime: Date.UTC(2026, 0, 5, 8, 10),
    student: '学生一',
    durationSeconds: 600,
  },
  records: [
    {
      recordId: 'r1',
      questionId: '1',
      version: 1,
      phase: '试卷',
      point: '作答',
      title: '名词辨析',
      type: 'trueFalse',
      stem: '',
      options: [],
      answer: ['T'],
      subAnswers: [],
      isCorrect: true,
      score: 1,
      first: true,
      createTime: Date.UTC(2026, 0, 5, 8, 1),
    },
    {
      recordId: 'r2',
      questionId: '2',
      version: 1,
      phase: '试卷',
      point: '作答',
      title: '复数变化',
      type: 'singleChoice',
      stem: '',
      options: [],
      answer: ['B'],
      subAnswers: [],
      isCorrect: false,
      score: 0,
      first: true,
      createTime: Date.UTC(2026, 0, 5, 8, 2),
    },
  ],
  knowledgePoints: [{ code: 'en.g7', name: '名词', answered: 3, correct: 2 }],
};

export const STUDENT_STATS: StudentTrainingStats = {
  student: { userId: '11', name: '学生一', username: 's1' },
  summary: { trainings: 2, ended: 1, schemes: 1, answered: 3, correct: 2, meanScoreRate: 2 / 3, totalSeconds: 600 },
  trainings: {
    total: 2,
    list: [
      { ...REPORT.training, trainId: '302', status: 'running', score: 0, endTime: null, durationSeconds: 0 },
      { ...REPORT.training },
    ],
  },
};
