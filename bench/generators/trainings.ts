// Data for the training benchmark, on a server that migrated and seeded (SEED=demo) its database (PostgreSQL or PGlite):
// a knowledge chapter of its own with auto-judged questions (singleChoice, multipleChoice, trueFalse) created
// through the API by the demo agency admin, a switched-on general scheme over it whose trainings run long
// (two points of 50 questions each, entered up to 5 times: up to 500 questions per training), and students
// with bearer tokens. Students and tokens are written straight into the database (a token is stored as the
// hex SHA-256 of a random value, as the server mints them: features/auth/tokens.ts), because 500 password
// logins would only measure argon2 and the login limiter. The students have no usable password.
import { createHash, randomBytes } from 'node:crypto';
import { call, pool, type Session } from '../lib/api.js';

export interface TrainingBench {
  kp: string;
  /** The exam scheme every student starts. */
  schemeId: string;
  /** Every generated scheme (the first is `schemeId`). */
  schemeIds: string[];
  /** Minted bearer tokens of the generated students (agency demo), in creation order. */
  students: { id: number; username: string; token: string }[];
  /** A minted token of the demo agency admin (`agency`). */
  agencyToken: string;
  questions: number;
  seconds: number;
}

const TOKEN_TTL_MS = 12 * 3600 * 1000;
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the generator needs of a database client: `pg`'s Client and PGlite both answer this. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
}

/** Mints a bearer token for the user straight into `auth_tokens`. */
async function mint(client: SqlClient, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await client.query(
    'insert into auth_tokens (token_hash, user_id, created_at, expires_at, last_seen_at) values ($1, $2, $3, $4, $3)',
    [hashToken(token), userId, now, new Date(now.getTime() + TOKEN_TTL_MS)],
  );
  return token;
}

/** The accounts the bench acts as, written in SQL (with the server stopped on PGlite, whose files it holds). */
export interface TrainingAccounts {
  adminToken: string;
  agencyToken: string;
  students: TrainingBench['students'];
}

/** Tokens of the platform admin and the demo agency admin, and `students` students of the demo agency with tokens. */
export async function mintTrainingAccounts(client: SqlClient, students: number): Promise<TrainingAccounts> {
  const userId = async (username: string) => {
    const { rows } = await client.query<{ id: string }>('select id from users where username = $1', [username]);
    if (!rows[0]) throw new Error(`no user ${username}: was the database seeded (SEED=demo)?`);
    return Number(rows[0].id);
  };
  const adminToken = await mint(client, await userId('admin'));
  const agencyToken = await mint(client, await userId('agency'));
  const run = randomBytes(3).toString('hex');
  const list: TrainingBench['students'] = [];
  await client.query('begin');
  for (let i = 0; i < students; i++) {
    const username = `bench-${run}-${i + 1}`;
    const { rows } = await client.query<{ id: string }>(
      'insert into users (username, name, password_hash) values ($1, $2, $3) returning id',
      [username, `基准学生 ${i + 1}`, '!no-password'],
    );
    const id = Number(rows[0].id);
    await client.query('insert into user_roles (user_id, role) values ($1, $2)', [id, 'edu:agency:demo:student']);
    list.push({ id, username, token: await mint(client, id) });
  }
  await client.query('commit');
  await client.query('analyze');
  return { adminToken, agencyToken, students: list };
}

const OPTIONS = ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `选项 ${key}` }));

export async function generateTrainingBench(
  baseURL: string,
  accounts: TrainingAccounts,
  size: { questions: number; schemes?: number },
): Promise<TrainingBench> {
  const started = Date.now();
  const admin: Session = { baseURL, token: accounts.adminToken, agencyId: 'demo' };
  const { agencyToken, students } = accounts;
  const agency: Session = { baseURL, token: agencyToken, agencyId: 'demo' };

  const kp = (
    await call<{ code: string }>(admin, 'PUT', '/v1/exam/question/knowledgepoint', {
      request: { parent: 'en.g7', name: `训练基准章-${randomBytes(3).toString('hex')}` },
    })
  ).code;
  const repos = await call<{ list: { id: string; owned: boolean }[] }>(agency, 'GET', '/v1/exam/repositories');
  const repoId = repos.list.find((r) => r.owned)!.id;
  const kinds = [
    { type: 'singleChoice', options: OPTIONS, answer: ['B'] },
    { type: 'multipleChoice', options: OPTIONS, answer: ['A', 'C'] },
    { type: 'trueFalse', answer: ['T'] },
  ];
  await pool(
    Array.from({ length: size.questions }, (_, i) => i),
    8,
    async (i) => {
      await call(agency, 'PUT', '/v1/exam/question', {
        request: {
          agencyId: 'demo',
          repoId,
          judgeType: 'auto',
          question: `<p>训练基准题 ${i + 1}：请选择正确的答案。</p>`,
          knowledgeId: kp,
          explanation: `<p>第 ${i + 1} 题的解析。</p>`,
          ...kinds[i % kinds.length],
        },
      });
    },
  );

  const trainRepos = await call<{ list: { id: string; owned: boolean }[] }>(agency, 'GET', '/v1/train/repositories');
  const point = (name: string, next: string) => ({
    name,
    onOK: next,
    onError: next,
    selectors: { types: ['singleChoice', 'multipleChoice', 'trueFalse'] },
    repeat: 50,
    judgeWay: 'once',
    requireCorrect: 0,
  });
  const schemeBody = (n: number) => ({
    request: {
      title: `训练基准考试 ${n}`,
      type: 'general',
      initPhase: '考试',
      initPoint: '甲',
      timeLimit: 0,
      kpRange: [kp],
      trainRepoId: trainRepos.list.find((r) => r.owned)!.id,
      phases: [{ phase: '考试', knowledgeIds: [kp], timeLimit: 0, points: [point('甲', '乙'), point('乙', '甲')] }],
    },
  });
  // Identical schemes, switched on: one per stampede round (a round needs students who never started it).
  const schemeIds: string[] = [];
  for (let n = 1; n <= (size.schemes ?? 1); n++) {
    const scheme = await call<{ schemeId: string }>(agency, 'PUT', '/v1/train/scheme', schemeBody(n));
    await call(agency, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`);
    schemeIds.push(scheme.schemeId);
  }

  return {
    kp,
    schemeId: schemeIds[0],
    schemeIds,
    students,
    agencyToken,
    questions: size.questions,
    seconds: (Date.now() - started) / 1000,
  };
}
