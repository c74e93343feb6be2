// The `enrolment` job (docs/enrolment.md "The job", "Kinds"): students, teachers or parents as its payload says. Reads the stored upload with the bounded xlsx reader, checks
// EVERY row (alone, against the file and against existing accounts), then — all-or-nothing or valid rows only —
// hashes the passwords off the event loop in small batches and creates every account in ONE transaction.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { ENROLMENT_REPORT_MAX, type EnrolmentKind, type EnrolmentMode, type EnrolmentRowError } from '@edu/contract';
import type { Db } from '../../db/client.js';
import { ApiError, isUniqueViolation } from '../../lib/api-error.js';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema.js';
import { JOB_MESSAGES, JobFailure, type JobHandler } from '../../jobs/job-queue.js';
import type { JobStore } from '../../jobs/job-store.js';
import { FileFormatError, type ImportLimits } from '../transfer/transfer-model.js';
import { readXlsxRows } from '../transfer/xlsx-read.js';
import { generatePassword, USERNAME_TAKEN } from '../users/accounts.js';
import { hashInitialPassword } from '../users/initial-password.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { ParentWrites } from '../parents/parent-writes.js';
import {
  agencyStudentsByUsername,
  createParents,
  createStudents,
  dictionaries,
  existingUsernames,
} from './enrolment.repository.js';
import {
  checkRow,
  childCandidates,
  childNames,
  KIND_SHEETS,
  passwordInputs,
  type CheckedRow,
  type Field,
  type KindSheet,
  type RawRow,
} from './enrolment-sheet.js';
import { checkPasswordsOffThread } from './password-check-pool.js';

export const ENROLMENT_KIND = 'enrolment';
/** The phase of the job's last transaction: past it the job can no longer be cancelled. */
export const ENROLMENT_FINAL_PHASE = 'saving';

export interface EnrolmentPayload {
  mode: EnrolmentMode;
  /** Who the file enrols (docs/enrolment.md "Kinds"); absent on the jobs of before: students. */
  kind?: EnrolmentKind;
}

/** The job's kind: a payload without one is a student enrolment. */
export const kindOf = (payload: unknown): EnrolmentKind => (payload as EnrolmentPayload | null)?.kind ?? 'student';

export interface EnrolmentResult {
  [key: string]: unknown;
  total: number;
  enrolled: number;
  badRows: number;
  errorCount: number;
  errors: EnrolmentRowError[];
  /** The initial passwords until their one download (then removed and `passwordsDownloaded` set). */
  passwords?: { name: string; username: string; password: string }[];
  passwordsDownloaded?: boolean;
}

export interface EnrolmentConfig {
  maxRows: number;
  maxBytes: number;
  jobSeconds: number;
}

/** Passwords hashed at once; then the job yields to the requests waiting (docs/enrolment.md "Passwords"). */
export const HASH_BATCH = 2;
const PROGRESS_EVERY = 50;

/** Said of a username any account holds: it names no agency and no account. */
export const USERNAME_CLASH = '用户名已被使用，请换一个或留空自动生成';
const NOT_XLSX = '无法读取 Excel 文件：请上传由批量注册模板填写的 .xlsx 文件';
const headerMissing = (spec: KindSheet) => `第 1 行应为表头（${spec.headers.join('、')}），请使用批量注册模板`;
const FIELDS: Field[] = ['name', 'username', 'grade', 'subjects', 'children', 'password'];

/** Reads the stored upload (at most maxBytes, checked on receipt) and its rows of the kind's sheet. */
async function readRows(store: JobStore, jobId: string, limits: ImportLimits, spec: KindSheet): Promise<RawRow[]> {
  const HEADER_MISSING = headerMissing(spec);
  const chunks: Buffer[] = [];
  for await (const c of store.files.read(jobId, 0)) chunks.push(c);
  const data = Buffer.concat(chunks);
  const out: RawRow[] = [];
  let columns: Map<string, number> | null = null;
  try {
    await readXlsxRows(data, limits, spec.label, ({ row, cells }) => {
      if (!columns) {
        const found = new Map(cells.flatMap((c, i) => (c ? [[c.trim(), i] as const] : [])));
        columns = found;
        if (row !== 1 || spec.required.some((f) => !found.has(spec.columns[f]!)))
          throw new FileFormatError(HEADER_MISSING);
        return;
      }
      const map = columns;
      const get = (h: string) => {
        const n = map.get(h);
        return n === undefined ? '' : (cells[n] ?? '').trim();
      };
      // A column the kind has not is read as '' (a teacher file's 年级 column, say, is ignored).
      const cell = (f: Field) => {
        const h = spec.columns[f];
        return h === undefined ? '' : get(h);
      };
      const raw = { row, ...Object.fromEntries(FIELDS.map((f) => [f, cell(f)])) } as RawRow;
      if (spec.headers.every((h) => get(h) === '')) return;
      if (out.length >= limits.maxItems)
        throw new FileFormatError(
          `文件中的${spec.label}超过上限 ${limits.maxItems} 行（批量注册行数上限）：请拆分为多个文件后提交`,
        );
      out.push(raw);
    });
  } catch (e) {
    if (e instanceof FileFormatError)
      throw new JobFailure(e.message.startsWith('无法读取 Excel 文件') ? NOT_XLSX : e.message);
    throw e;
  }
  if (!columns) throw new JobFailure(HEADER_MISSING);
  if (out.length === 0) throw new JobFailure(`文件中没有${spec.label}：请在“${spec.label}”工作表的表头下逐行填写`);
  return out;
}

/** The initial-cost hash of each typed password, by sheet row: HASH_BATCH at a time, yielding between. */
async function hashTyped(rows: readonly RawRow[], typed: readonly number[], signal: AbortSignal) {
  const out = new Map<number, string>();
  for (let k = 0; k < typed.length; k += HASH_BATCH) {
    if (signal.aborted) throw new Error('aborted');
    const batch = typed.slice(k, k + HASH_BATCH).map((i) => rows[i]);
    const hashes = await Promise.all(batch.map((r) => hashInitialPassword(r.password)));
    batch.forEach((r, j) => out.set(r.row, hashes[j]));
    await yieldToRequests();
  }
  return out;
}

export function enrolmentJobHandler(deps: {
  db: Db;
  store: JobStore;
  config: EnrolmentConfig;
  /** Limits of the xlsx reader beyond rows and bytes (entries, inflated size, ratio): the import's. */
  zipLimits: Pick<ImportLimits, 'maxUncompressedBytes' | 'maxRatio' | 'maxEntries'>;
  /** The notices of a new parent–child link (docs/notices.md), as the parent create dialog sends them. */
  notices?: () => NoticeHooks | undefined;
  /** The parents feature's writes (../parents/parent-writes.ts), wired in services.ts: a parent job needs them. */
  parents?: () => ParentWrites | undefined;
}): JobHandler {
  return async ({ job, progress, signal }) => {
    const { mode } = job.payload as unknown as EnrolmentPayload;
    const kind = kindOf(job.payload);
    const spec = KIND_SHEETS[kind];
    const col = (f: Field) => spec.columns[f]!;
    const agencyId = job.agencyId!;
    const limits: ImportLimits = {
      ...deps.zipLimits,
      maxBytes: deps.config.maxBytes,
      maxItems: deps.config.maxRows,
      maxSharedStringsBytes: 32 * 1024 * 1024,
    };
    await progress({ phase: 'validating' });
    const rows = await readRows(deps.store, job.id, limits, spec);
    const total = rows.length;
    await progress({ total, processed: 0 });
    try {
      await deps.store.files.remove([job.id], 0);
    } catch {
      // The upload goes with the job at the latest (retention).
    }

    // 1. Every row alone. The typed passwords first, in worker threads: zxcvbn's estimate costs milliseconds
    // each, which would hold the event loop (./password-check-pool.ts); progress counts them meanwhile.
    const typed = rows.flatMap((r, i) => (r.password === '' ? [] : [i]));
    // Meanwhile the typed passwords are hashed on libuv's threads (wasted for a row that fails): the checks and
    // the hashes share the time instead of following each other.
    const typedHashes = hashTyped(rows, typed, signal);
    typedHashes.catch(() => undefined);
    const answers = await checkPasswordsOffThread(
      typed.map((i) => ({ password: rows[i].password, inputs: passwordInputs(rows[i], agencyId, kind) })),
      signal,
      (n) => progress({ processed: n }),
    );
    const passwordProblem = new Map(typed.map((row, k) => [row, answers[k]]));
    const dict = await dictionaries(deps.db);
    // A parent row names its children by username: the agency's students among them, in one read.
    if (kind === 'parent')
      dict.children = await agencyStudentsByUsername(
        deps.db,
        agencyId,
        rows.flatMap((r) => childNames(r).flatMap((n) => childCandidates(agencyId, n))),
      );
    const errors: EnrolmentRowError[] = [];
    const checked: CheckedRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = checkRow(rows[i], dict, agencyId, rows[i].password === '' ? null : passwordProblem.get(i), kind);
      errors.push(...r.problems);
      if (r.checked) checked.push(r.checked);
      if ((i + 1) % 200 === 0) {
        if (signal.aborted) throw new Error('aborted');
        await yieldToRequests();
      }
    }
    // 2. Usernames against the file and the existing accounts (the message names no agency). A parent's username
    // is compared without case, as the parent create dialog does.
    const ignoreCase = kind === 'parent';
    const key = (u: string) => (ignoreCase ? u.toLowerCase() : u);
    const firstRow = new Map<string, number>();
    const clashing = new Set<number>();
    for (const c of checked) {
      if (c.username === null) continue;
      const first = firstRow.get(key(c.username));
      if (first === undefined) firstRow.set(key(c.username), c.row);
      else {
        errors.push({ row: c.row, column: col('username'), message: `用户名与第 ${first} 行重复` });
        clashing.add(c.row);
      }
    }
    // The same parent twice (same name, same children) is a duplicate even without usernames.
    if (kind === 'parent') {
      const firstParent = new Map<string, number>();
      for (const c of checked) {
        if (clashing.has(c.row)) continue;
        const k = JSON.stringify([c.name, [...c.childIds].sort((a, b) => a - b)]);
        const first = firstParent.get(k);
        if (first === undefined) firstParent.set(k, c.row);
        else {
          errors.push({ row: c.row, column: col('name'), message: `与第 ${first} 行重复（姓名和孩子都相同）` });
          clashing.add(c.row);
        }
      }
    }
    const existing = await existingUsernames(deps.db, [...firstRow.keys()], ignoreCase);
    for (const c of checked)
      if (c.username !== null && existing.has(key(c.username)) && !clashing.has(c.row)) {
        errors.push({ row: c.row, column: col('username'), message: USERNAME_CLASH });
        clashing.add(c.row);
      }
    await progress({ processed: total });
    errors.sort((a, b) => a.row - b.row);
    const good = checked.filter((c) => !clashing.has(c.row));
    const badRows = new Set(errors.map((e) => e.row)).size;
    const report = {
      total,
      badRows,
      errorCount: errors.length,
      errors: errors.slice(0, ENROLMENT_REPORT_MAX),
    };
    if (badRows > 0 && mode === 'all')
      throw new JobFailure(
        `有 ${badRows} 行存在错误，未注册任何${spec.label}（“全部正确才注册”）：请修改后重新提交，或选择“只注册正确的行”`,
        {
          ...report,
          enrolled: 0,
        },
      );
    if (good.length === 0)
      throw new JobFailure('没有可以注册的行：请按错误报告修改后重新提交', { ...report, enrolled: 0 });

    // 3. Passwords: generated where empty; hashed HASH_BATCH at a time on libuv's threads, yielding between.
    await progress({ phase: 'enrolling', processed: 0, total: good.length });
    // A generated password is checked against the rule (zxcvbn, ~1 ms): made batch by batch too.
    const passwords: string[] = [];
    const hashes: string[] = [];
    const hashedEarly = await typedHashes;
    for (let i = 0; i < good.length; i += HASH_BATCH) {
      if (signal.aborted) throw new Error('aborted');
      const batch = good.slice(i, i + HASH_BATCH);
      for (const c of batch) passwords.push(c.password ?? generatePassword());
      // Given or generated, each is an initial password, changed at the first login: hashed at the initial cost
      // (features/users/initial-password.ts, docs/enrolment.md "Passwords").
      hashes.push(
        ...(await Promise.all(
          batch.map((c, j) => Promise.resolve(hashedEarly.get(c.row) ?? hashInitialPassword(passwords[i + j]))),
        )),
      );
      if ((i + HASH_BATCH) % PROGRESS_EVERY < HASH_BATCH)
        await progress({ processed: Math.min(good.length, i + HASH_BATCH) });
      await yieldToRequests();
    }
    if (signal.aborted) throw new Error('aborted');

    // 4. ONE transaction: every account, in bulk (enrolment.repository.ts). A username taken meanwhile fails the job.
    // Its first statement moves the job to its final phase, still running: a cancel from now on changes nothing
    // (docs/enrolment.md "Cancelling"), and a job cancelled before it writes no account.
    const usernames = await deps.db
      .transaction(async (tx) => {
        const saving = await tx
          .update(jobs)
          .set({ phase: ENROLMENT_FINAL_PHASE })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
          .returning({ id: jobs.id });
        if (saving.length === 0) throw new JobFailure(JOB_MESSAGES.cancelled);
        // What every kind's account has; each kind adds its own fields.
        const account = (c: (typeof good)[number], i: number) => ({
          username: c.username,
          name: c.name,
          passwordHash: hashes[i],
        });
        if (kind === 'parent') {
          const parentWrites = deps.parents?.();
          if (!parentWrites) throw new Error('enrolment: the parents feature is not wired');
          return createParents(
            tx,
            agencyId,
            good.map((c, i) => ({ ...account(c, i), childIds: c.childIds })),
            () => yieldToRequests(),
            parentWrites,
            deps.notices?.(),
          );
        }
        return createStudents(
          tx,
          agencyId,
          good.map((c, i) => ({ ...account(c, i), gradeId: c.gradeId, subjectIds: c.subjectIds })),
          () => yieldToRequests(),
          kind,
        );
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError || isUniqueViolation(e))
          throw new JobFailure(`${USERNAME_TAKEN}：注册时有账号刚被创建，未注册任何${spec.label}，请重新提交`, {
            ...report,
            enrolled: 0,
          });
        throw e;
      });
    await progress({ processed: good.length });
    const result: EnrolmentResult = {
      ...report,
      enrolled: good.length,
      passwords: good.map((c, i) => ({ name: c.name, username: usernames[i], password: passwords[i] })),
      passwordsDownloaded: false,
    };
    return result;
  };
}
