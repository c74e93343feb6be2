// Cancelling an enrolment and downloading its error report (docs/enrolment.md "Cancelling", "Calls"): a job not yet
// in its last transaction fails as cancelled and enrols nobody; one past it, or finished, answers 409; another
// agency's job answers 404; the report lists every problem by row and column.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentJob } from '@edu/contract';
import { jobs } from '../../db/schema.js';
import { JOB_MESSAGES } from '../../jobs/job-queue.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { HEADERS } from './enrolment-sheet.js';

let t: TestApp;
let agency: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  other = await t.login('other');
});
afterAll(() => t.close());

const demo = (token = agency) => ({ token, agency: 'demo' });

/** A job row as a node would leave it: `receiving` is never claimed, `running` names another node. */
async function jobRow(status: string, phase: string | null = null): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await t.db.insert(jobs).values({
    id,
    kind: 'enrolment',
    agencyId: 'demo',
    status,
    phase,
    node: status === 'running' ? 'another-node' : null,
    payload: { mode: 'all' },
  });
  return id;
}

const cancel = (id: string, token = agency, ag = 'demo') =>
  t.call<EnrolmentJob>('POST', `/v1/user/enrolment/${id}/cancel`, { token, agency: ag });

describe('cancelling an enrolment', () => {
  it('an upload still arriving, or a job another node is checking, fails as cancelled at once', async () => {
    for (const [status, phase] of [
      ['receiving', null],
      ['running', 'validating'],
      ['running', 'enrolling'],
    ] as const) {
      const id = await jobRow(status, phase);
      const job = expectOk(await cancel(id));
      expect(job).toMatchObject({ status: 'failed', message: JOB_MESSAGES.cancelled, enrolled: 0 });
    }
  });

  it('a job in its last transaction, or finished, answers 409 and stays as it is', async () => {
    const saving = await jobRow('running', 'saving');
    const r = await cancel(saving);
    expectError(r, 409);
    expect(r.body.errmsg).toBe('正在写入账号，已不能取消；请等待完成');
    const job = expectOk(await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${saving}`, demo()));
    expect(job.status).toBe('enrolling');
    const done = await jobRow('done');
    expectError(await cancel(done), 409);
  });

  it("another agency's job answers 404 and is not cancelled", async () => {
    const id = await jobRow('receiving');
    expectError(await cancel(id, other, 'other'), 404);
    expect(expectOk(await t.call<EnrolmentJob>('GET', `/v1/user/enrolment/${id}`, demo())).status).toBe('queued');
  });
});

describe('the error report', () => {
  it('lists every problem by row, column and reason; a job without errors answers 404', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学生');
    ws.addRow([...HEADERS]);
    ws.addRow(['', '', '初一']);
    ws.addRow(['无年级', '', '九十年级']);
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const started = await t.call<{ jobId: string }>('PUT', '/v1/user/enrolment?mode=all', {
      ...demo(),
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const { jobId } = expectOk(started);
    await t.app.services.jobs.drain();
    const file = await t.call('GET', `/v1/user/enrolment/${jobId}/errors`, demo());
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    report.getWorksheet('错误报告')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['行号', '列', '原因'],
      [2, '姓名', '姓名不能为空'],
      [3, '年级', '年级“九十年级”不存在'],
    ]);
    expectError(await t.call('GET', `/v1/user/enrolment/${jobId}/errors`, { token: other, agency: 'other' }), 404);
    const clean = await jobRow('done');
    expectError(await t.call('GET', `/v1/user/enrolment/${clean}/errors`, demo()), 404);
  });
});
