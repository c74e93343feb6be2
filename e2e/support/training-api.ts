// What the training journeys set up over HTTP, as the platform admin and the demo agency admin would: two
// knowledge points of their own with questions whose answers are known, an adaptive general scheme over them
// and a paper, both switched on. Calls send the agency in X-Agency-Id and the body as `{ request }`.
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from './browser.js';

interface Envelope<T> {
  errno: number;
  errmsg: string;
  response: T;
}

export async function api<T>(
  baseURL: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'X-Agency-Id': 'demo',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify({ request: body }),
  });
  const env = (await r.json()) as Envelope<T>;
  if (env.errno !== 0) throw new Error(`${method} ${path}: ${env.errno} ${env.errmsg}`);
  return env.response;
}

export const apiLogin = async (baseURL: string, username: string) =>
  (
    await api<{ access_token: string }>(baseURL, 'POST', '/v1/auth/login', undefined, {
      username,
      password: DEMO_PASSWORD,
    })
  ).access_token;

/** The right answers of the questions the journeys create: every true/false is 对, every choice B, every blank go. */
export const RIGHT = { trueFalse: 'T', singleChoice: 'B', fillBlank: 'go' } as const;

export interface TrainingBank {
  /** Knowledge point codes: 基础 (true/false + choices) and 进阶 (blanks + choices). */
  kpBasic: string;
  kpAdvanced: string;
  kpBasicName: string;
  kpAdvancedName: string;
  trueFalse: string[];
  singleChoice: string[];
  fillBlank: string[];
  /** Questions of 进阶's single choice. */
  advancedChoice: string[];
  trainRepoId: string;
  agencyToken: string;
}

async function owned(baseURL: string, token: string, path: string): Promise<string> {
  const list = await api<{ list: { id: string; owned: boolean }[] }>(baseURL, 'GET', path, token);
  const mine = list.list.find((r) => r.owned);
  if (!mine) throw new Error(`no owned repository at ${path}`);
  return mine.id;
}

/** Two chapters under 七年级 with `n` questions of each kind, in demo's own question bank. */
export async function setUpTrainingBank(baseURL: string, n = 6): Promise<TrainingBank> {
  const tag = randomBytes(3).toString('hex');
  const admin = await apiLogin(baseURL, 'admin');
  const agencyToken = await apiLogin(baseURL, 'agency');
  const kp = (name: string) =>
    api<{ code: string; name: string }>(baseURL, 'PUT', '/v1/exam/question/knowledgepoint', admin, {
      parent: 'en.g7',
      name,
    });
  const basic = await kp(`训练基础-${tag}`);
  const advanced = await kp(`训练进阶-${tag}`);
  const repoId = await owned(baseURL, agencyToken, '/v1/exam/repositories');
  const create = async (knowledgeId: string, fields: Record<string, unknown>) =>
    (
      await api<{ id: string }>(baseURL, 'PUT', '/v1/exam/question', agencyToken, {
        agencyId: 'demo',
        repoId,
        judgeType: 'auto',
        knowledgeId,
        ...fields,
      })
    ).id;
  const choice = (stem: string) => ({
    type: 'singleChoice',
    question: `<p>${stem}</p>`,
    options: [
      { key: 'A', content: '<p>an apple</p>' },
      { key: 'B', content: '<p>a book</p>' },
      { key: 'C', content: '<p>an book</p>' },
    ],
    answer: [RIGHT.singleChoice],
    explanation: '<p>book 以辅音音素开头，用 a。</p>',
  });
  const bank: TrainingBank = {
    kpBasic: basic.code,
    kpAdvanced: advanced.code,
    kpBasicName: basic.name,
    kpAdvancedName: advanced.name,
    trueFalse: [],
    singleChoice: [],
    fillBlank: [],
    advancedChoice: [],
    trainRepoId: await owned(baseURL, agencyToken, '/v1/train/repositories'),
    agencyToken,
  };
  for (let i = 1; i <= n; i++) {
    bank.trueFalse.push(
      await create(basic.code, {
        type: 'trueFalse',
        question: `<p>判断 ${i}：“book” 的复数是 “books”。</p>`,
        answer: [RIGHT.trueFalse],
      }),
    );
    bank.singleChoice.push(await create(basic.code, choice(`选择 ${i}：I have ___ on my desk.`)));
    bank.fillBlank.push(
      await create(advanced.code, {
        type: 'fillBlank',
        question: `<p>填空 ${i}：Let's ____ to school together.</p>`,
        answer: [RIGHT.fillBlank],
      }),
    );
    bank.advancedChoice.push(await create(advanced.code, choice(`进阶选择 ${i}：She reads ___ every day.`)));
  }
  return bank;
}

/**
 * An adaptive general scheme: 基础 starts at 判断 (2 true/false, both must be right, judged once); a miss goes
 * to 巩固 (1 choice, answered until right), then on to 进阶 (1 blank, judged once), which ends the training.
 */
export async function createAdaptiveScheme(baseURL: string, bank: TrainingBank, title: string): Promise<string> {
  const t = bank.agencyToken;
  const scheme = await api<{ schemeId: string }>(baseURL, 'PUT', '/v1/train/scheme', t, {
    title,
    type: 'general',
    initPhase: '基础',
    initPoint: '判断',
    timeLimit: 1800,
    kpRange: [bank.kpBasic, bank.kpAdvanced],
    trainRepoId: bank.trainRepoId,
    phases: [
      {
        phase: '基础',
        knowledgeIds: [bank.kpBasic],
        timeLimit: 900,
        points: [
          {
            name: '判断',
            selectors: { types: ['trueFalse'] },
            repeat: 2,
            requireCorrect: 2,
            judgeWay: 'once',
            onOK: '@next',
            onError: '巩固',
          },
          {
            name: '巩固',
            selectors: { types: ['singleChoice'] },
            repeat: 1,
            requireCorrect: 1,
            judgeWay: 'retry',
            onOK: '@next',
            onError: '@next',
          },
        ],
      },
      {
        phase: '进阶',
        knowledgeIds: [bank.kpAdvanced],
        timeLimit: 0,
        points: [
          {
            name: '填空',
            selectors: { types: ['fillBlank'] },
            repeat: 1,
            requireCorrect: 1,
            judgeWay: 'once',
            onOK: '@end',
            onError: '@end',
          },
        ],
      },
    ],
  });
  await api(baseURL, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`, t);
  return scheme.schemeId;
}

/** A paper of the given questions (in that order) with a time limit, switched on. */
export async function createPaper(
  baseURL: string,
  bank: TrainingBank,
  title: string,
  questionIds: string[],
): Promise<string> {
  const t = bank.agencyToken;
  const scheme = await api<{ schemeId: string }>(baseURL, 'POST', '/v1/train/scheme/ordered/submit', t, {
    title,
    kpRange: [bank.kpBasic, bank.kpAdvanced],
    timeLimit: 1200,
    questionIds,
    trainRepoId: bank.trainRepoId,
  });
  await api(baseURL, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`, t);
  return scheme.schemeId;
}

export interface RecordRow {
  recordId: string;
  questionId: string;
  answer: string[];
  isCorrect: boolean | null;
  first: boolean;
  phase: string;
  point: string;
}

/** The stored answers of a training, read as its student. */
export const trainingRecords = (baseURL: string, token: string, trainId: string) =>
  api<RecordRow[]>(baseURL, 'GET', `/v1/train/${trainId}/questions`, token);
