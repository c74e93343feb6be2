// Never lose an answer: students stream answers into their trainings, the server process is killed with
// SIGKILL in the middle of the stream, restarted on the same data, and the answers in flight are sent again
// with the same clientAnswerId. Every acknowledged answer is stored exactly once, the in-flight ones once, and
// each training resumes at the question its last acknowledged answer showed (nothing drawn again). On PGlite
// (the default data directory) and, when TEST_DATABASE_URL names one as the README's test command promises, on
// PostgreSQL (a fresh database created beside it; CI always sets it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server-process.js';

const PASSWORD = 'edu-demo-2026';
/** Trainings streaming at once (one student, one scheme each), and questions in the bank they draw from. */
const TRAININGS = 6;
const QUESTIONS = 40;
/**
 * Acknowledged answers (over all trainings) after which the kill comes, 0–40 ms later (about one answer's time):
 * some answers are then being judged, some committing, some committed but not yet answered.
 */
const KILL_AFTER = 30;
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL;

interface Envelope<T> {
  errno: number;
  errmsg: string;
  response: T;
}
interface StudentQuestion {
  id: string;
}
interface Training {
  trainId: string;
  status: string;
  question: StudentQuestion | null;
  answered: number;
}
interface AnswerResult {
  recordId: string;
  repeated: boolean;
  training: Training;
}
interface TrainingRecord {
  recordId: string;
  questionId: string;
}
interface Sent {
  clientAnswerId: string;
  questionId: string;
  answer: string[];
}

async function call<T>(baseURL: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
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

const login = async (baseURL: string, username: string) =>
  (await call<{ access_token: string }>(baseURL, 'POST', '/v1/auth/login', undefined, { username, password: PASSWORD }))
    .access_token;

/** A knowledge chapter of its own with `QUESTIONS` true/false questions, and `TRAININGS` switched-on schemes over it. */
async function setUp(baseURL: string): Promise<string[]> {
  const admin = await login(baseURL, 'admin');
  const agency = await login(baseURL, 'agency');
  const kp = (
    await call<{ code: string }>(baseURL, 'PUT', '/v1/exam/question/knowledgepoint', admin, {
      parent: 'en.g7',
      name: `断电测试章-${randomBytes(3).toString('hex')}`,
    })
  ).code;
  const repos = await call<{ list: { id: string; owned: boolean }[] }>(baseURL, 'GET', '/v1/exam/repositories', agency);
  const repoId = repos.list.find((r) => r.owned)!.id;
  for (let i = 0; i < QUESTIONS; i++)
    await call(baseURL, 'PUT', '/v1/exam/question', agency, {
      agencyId: 'demo',
      repoId,
      type: 'trueFalse',
      judgeType: 'auto',
      question: `<p>断电测试题 ${i + 1}</p>`,
      knowledgeId: kp,
      answer: ['T'],
    });
  const trainRepos = await call<{ list: { id: string; owned: boolean }[] }>(
    baseURL,
    'GET',
    '/v1/train/repositories',
    agency,
  );
  const trainRepoId = trainRepos.list.find((r) => r.owned)!.id;
  const point = (name: string, next: string) => ({
    name,
    onOK: next,
    onError: next,
    selectors: { types: ['trueFalse'] },
    repeat: 10,
    judgeWay: 'once',
    requireCorrect: 0,
  });
  const schemeIds: string[] = [];
  for (let i = 0; i < TRAININGS; i++) {
    const scheme = await call<{ schemeId: string }>(baseURL, 'PUT', '/v1/train/scheme', agency, {
      title: `断电测试方案 ${i + 1}`,
      type: 'general',
      initPhase: '练习',
      initPoint: '甲',
      timeLimit: 0,
      kpRange: [kp],
      trainRepoId,
      phases: [{ phase: '练习', knowledgeIds: [kp], timeLimit: 0, points: [point('甲', '乙'), point('乙', '甲')] }],
    });
    await call(baseURL, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`, agency);
    schemeIds.push(scheme.schemeId);
  }
  return schemeIds;
}

interface Stream {
  trainId: string;
  /** Answers the server acknowledged, with what it answered. */
  acked: { sent: Sent; result: AnswerResult }[];
  /** The answer sent when the server died, not acknowledged. */
  inFlight: Sent | null;
  /** The current question the last acknowledged answer (or the start) showed. */
  lastShown: string | null;
}

/**
 * Streams answers into every training (sequential within one training, all trainings at once) and SIGKILLs
 * the server at a random moment once `KILL_AFTER` answers were acknowledged. Returns each training's stream.
 */
async function streamAndKill(server: RunningServer, token: string, schemeIds: string[]): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (const id of schemeIds) {
    const t = await call<Training>(server.baseURL, 'PUT', `/v1/train/scheme/${id}/start`, token);
    expect(t.question).not.toBeNull();
    streams.push({ trainId: t.trainId, acked: [], inFlight: null, lastShown: t.question!.id });
  }
  let acked = 0;
  let killing: Promise<void> | undefined;
  const run = async (s: Stream) => {
    for (let n = 0; ; n++) {
      if (s.lastShown === null) throw new Error(`training ${s.trainId} ended before the kill`);
      const sent: Sent = {
        clientAnswerId: `kill-${s.trainId}-${n}-${randomBytes(4).toString('hex')}`,
        questionId: s.lastShown,
        answer: [n % 3 === 0 ? 'F' : 'T'],
      };
      s.inFlight = sent;
      let result: AnswerResult;
      try {
        result = await call<AnswerResult>(server.baseURL, 'POST', `/v1/train/${s.trainId}/answer`, token, sent);
      } catch (err) {
        if (!killing) throw err;
        return; // the server died with this answer in flight (or refused the connection): not acknowledged
      }
      // Streaming goes on until the server is gone: a response that made it out before the process died is an
      // acknowledgement like any other, so every stream ends with an answer the server never acknowledged.
      s.acked.push({ sent, result });
      s.inFlight = null;
      s.lastShown = result.training.question?.id ?? null;
      if (++acked === KILL_AFTER && !killing)
        killing = new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40))).then(() => server.kill());
    }
  };
  await Promise.all(streams.map(run));
  await killing;
  return streams;
}

async function killAndRecover(env: Record<string, string>) {
  const first = await startServer(env);
  let second: RunningServer | undefined;
  try {
    const schemeIds = await setUp(first.baseURL);
    const token = await login(first.baseURL, 'student');
    const streams = await streamAndKill(first, token, schemeIds);
    const inFlight = streams.filter((s) => s.inFlight).length;
    expect(streams.reduce((n, s) => n + s.acked.length, 0)).toBeGreaterThanOrEqual(KILL_AFTER);

    second = await startServer(env, { dataDir: first.dataDir });
    let committedBeforeKill = 0;
    for (const s of streams) {
      // Before anything is sent again: the training stands where the last acknowledged answer left it, or
      // one step further when the in-flight answer was committed before the kill.
      const resumed = await call<Training>(second.baseURL, 'GET', `/v1/train/${s.trainId}`, token);
      expect(resumed.status).toBe('running');
      let resent: AnswerResult | undefined;
      if (s.inFlight) {
        resent = await call<AnswerResult>(second.baseURL, 'POST', `/v1/train/${s.trainId}/answer`, token, s.inFlight);
        if (resent.repeated) committedBeforeKill++;
        if (resent.repeated) expect(resumed.question?.id).toBe(resent.training.question?.id);
        else expect(resumed.question?.id).toBe(s.lastShown);
      } else {
        expect(resumed.question?.id).toBe(s.lastShown);
      }
      // Sending it yet again stores nothing more.
      if (s.inFlight) {
        const again = await call<AnswerResult>(
          second.baseURL,
          'POST',
          `/v1/train/${s.trainId}/answer`,
          token,
          s.inFlight,
        );
        expect(again).toMatchObject({ recordId: resent!.recordId, repeated: true });
      }

      const records = await call<TrainingRecord[]>(second.baseURL, 'GET', `/v1/train/${s.trainId}/questions`, token);
      const expected = [
        ...s.acked.map((a) => ({ recordId: a.result.recordId, questionId: a.sent.questionId })),
        ...(resent && s.inFlight ? [{ recordId: resent.recordId, questionId: s.inFlight.questionId }] : []),
      ];
      // Every acknowledged answer exactly once, the re-sent one once, nothing else.
      expect(records.map((r) => ({ recordId: r.recordId, questionId: r.questionId }))).toEqual(expected);
      expect(new Set(records.map((r) => r.recordId)).size).toBe(records.length);

      // No redraw: the current question is the one the last acknowledged answer showed.
      const now = await call<Training>(second.baseURL, 'GET', `/v1/train/${s.trainId}`, token);
      expect(now.question?.id).toBe(resent ? resent.training.question?.id : s.lastShown);
      expect(now.answered).toBe(expected.length);
      // And the training goes on.
      const next = await call<AnswerResult>(second.baseURL, 'POST', `/v1/train/${s.trainId}/answer`, token, {
        clientAnswerId: `after-${s.trainId}-${randomBytes(4).toString('hex')}`,
        questionId: now.question!.id,
        answer: ['T'],
      });
      expect(next.repeated).toBe(false);
    }
    return { acked: streams.reduce((n, s) => n + s.acked.length, 0), inFlight, committedBeforeKill };
  } finally {
    await second?.stop();
    await first.stop();
  }
}

describe('an acknowledged answer survives a SIGKILL of the server', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('on PGlite (default data directory)', async () => {
    const { acked, inFlight, committedBeforeKill } = await killAndRecover({});
    console.log(
      `PGlite: ${acked} answers acknowledged, ${inFlight} in flight at the kill (${committedBeforeKill} of them committed)`,
    );
  }, 240_000);

  it.runIf(PG_ADMIN_URL !== undefined)(
    'on PostgreSQL',
    async () => {
      const name = `edu_e2e_kill_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      drops.push(async () => {
        const c = new pg.Client({ connectionString: PG_ADMIN_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      const url = new URL(PG_ADMIN_URL!);
      url.pathname = `/${name}`;
      const { acked, inFlight, committedBeforeKill } = await killAndRecover({
        DATABASE_URL: url.toString(),
        SEED: 'demo',
      });
      console.log(
        `PostgreSQL: ${acked} answers acknowledged, ${inFlight} in flight at the kill (${committedBeforeKill} of them committed)`,
      );
    },
    240_000,
  );
});
