// Bulk enrolment bench (issue 18 item 1, docs/enrolment.md): 2,000 students enrolled from one xlsx on PGlite
// while two clients call GET /v1/health and the question list one call after the other. Figures: the job's
// duration from upload to done (target ≤ 20 s) and the probes' p99 during the job, against the same probes with
// no job running. Two files: generated usernames and passwords (the template's default), and every row with its
// own password. Both are initial passwords hashed at the initial cost (docs/enrolment.md "Passwords"). Writes
// bench/results/enrolment.json.
// Usage: npx tsx bench/scenarios/enrolment.ts [--rows=N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, login, type Session } from '../lib/api.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(arg('rows') ?? 2000);
const TARGET = { seconds: 20 };
const PASSWORD = 'edu-demo-2026';
const GRADES = ['初一', '初二', '初三'];

async function workbook(rows: number, ownPasswords: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学生');
  ws.addRow(['姓名', '用户名', '年级', '学科', '初始密码']);
  const stamp = Date.now().toString(36);
  for (let i = 1; i <= rows; i++)
    ws.addRow([
      `学生${i}`,
      ownPasswords ? `bench-${stamp}-${i}` : '',
      GRADES[i % 3],
      i % 2 ? '英语、数学' : '英语',
      ownPasswords ? `Quiet-Harbour-${stamp}-${i}` : '',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

interface Probe {
  name: string;
  latencies: number[];
  errors: number;
}

async function probe(p: Probe, s: Session, method: string, path: string, body: unknown, stop: () => boolean) {
  while (!stop()) {
    const t = performance.now();
    try {
      await call(s, method, path, body);
    } catch {
      p.errors++;
    }
    p.latencies.push(performance.now() - t);
  }
}

const figures = (p: Probe) => ({
  name: p.name,
  requests: p.latencies.length,
  errors: p.errors,
  p50ms: round(percentile(p.latencies, 50)),
  p99ms: round(percentile(p.latencies, 99)),
  maxMs: round(p.latencies.reduce((a, b) => Math.max(a, b), 0)),
});

/** Runs the probes until `until` settles; answers their figures. */
async function probed<T>(admin: Session, until: () => Promise<T>) {
  let done = false;
  const stop = () => done;
  const health: Probe = { name: 'GET /v1/health', latencies: [], errors: 0 };
  const list: Probe = { name: 'POST /v1/exam/question/list (20)', latencies: [], errors: 0 };
  const probes = [
    probe(health, admin, 'GET', '/v1/health', undefined, stop),
    probe(list, admin, 'POST', '/v1/exam/question/list?start=0&size=20', { request: {} }, stop),
  ];
  try {
    return { value: await until(), others: [health, list] };
  } finally {
    done = true;
    await Promise.all(probes);
  }
}

interface Job {
  status: string;
  total: number;
  enrolled: number;
  errorCount: number;
  message: string | null;
}

async function enrol(baseURL: string, admin: Session, file: Buffer) {
  const start = performance.now();
  const upload = await fetch(`${baseURL}/v1/user/enrolment?mode=all`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${admin.token}`,
      'X-Agency-Id': 'demo',
      'Content-Type': 'application/octet-stream',
    },
    body: new Uint8Array(file),
  });
  const started = (await upload.json()) as { errno: number; errmsg: string; response: { jobId: string } };
  if (started.errno !== 0) throw new Error(`enrolment refused: ${started.errmsg}`);
  let job: Job;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    job = await call<Job>(admin, 'GET', `/v1/user/enrolment/${started.response.jobId}`);
    if (job.status === 'done' || job.status === 'failed') break;
  }
  return { job, seconds: round((performance.now() - start) / 1000) };
}

const server = await startServer({ SEED: 'demo', LOG_LEVEL: 'warn' });
try {
  const admin = await login(server.baseURL, 'agency', PASSWORD, 'demo');
  for (let i = 0; i < 20; i++) {
    await call(admin, 'GET', '/v1/health');
    await call(admin, 'POST', '/v1/exam/question/list?start=0&size=20', { request: {} });
  }
  const idle = await probed(admin, () => new Promise((r) => setTimeout(r, 5000)));
  const runs = [];
  for (const own of [false, true]) {
    const file = await workbook(ROWS, own);
    const r = await probed(admin, () => enrol(server.baseURL, admin, file));
    runs.push({
      passwords: own ? 'given in the file (initial argon2id)' : 'generated (initial argon2id)',
      rows: ROWS,
      job: r.value.job,
      seconds: r.value.seconds,
      others: r.others.map(figures),
    });
  }
  const result = {
    scenario: 'enrolment',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, memGb: Math.round(totalmem() / 1e9), load: loadavg() },
    node: process.version,
    database: 'pglite',
    target: TARGET,
    idle: idle.others.map(figures),
    runs,
    met: {
      seconds: runs.every((r) => r.job.status === 'done' && r.job.enrolled === ROWS && r.seconds <= TARGET.seconds),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(import.meta.dirname, '../results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'enrolment.json');
  writeFileSync(path, await format(JSON.stringify(result), { ...(await resolveConfig(path)), filepath: path }));
  console.log(`wrote ${path}`);
} finally {
  await server.stop();
}
