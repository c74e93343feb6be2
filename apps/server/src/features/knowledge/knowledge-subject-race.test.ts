// Ten creations of the same subject at once (docs/decisions.md "Subject creation"): exactly one is
// created, the nine others answer 409 同名学科已存在, never 500, and no second subject appears.
// Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL's concurrent connections.
import type { KnowledgePoint } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const createSubject = (name: string) =>
  t.call<KnowledgePoint>('PUT', '/v1/exam/question/knowledgepoint', {
    token: admin,
    body: { request: { parent: null, name } },
  });

describe('concurrent creation of one subject', () => {
  it('creates it once; the nine others answer 409 同名学科已存在', async () => {
    for (const name of ['化学', '生物']) {
      const rs = await Promise.all(Array.from({ length: 10 }, () => createSubject(name)));
      const created = rs.filter((r) => r.status === 200);
      expect(created, name).toHaveLength(1);
      for (const r of rs.filter((x) => x.status !== 200)) {
        expectError(r, 409);
        expect(r.body.errmsg).toBe('同名学科已存在');
      }
      const subjects = expectOk(
        await t.call<KnowledgePoint[]>('GET', '/v1/exam/question/subjects', { token: admin, agency: 'demo' }),
      );
      expect(subjects.filter((s) => s.name === name)).toHaveLength(1);
    }
  });

  it('answers a later duplicate subject 409 with the same message', async () => {
    const r = await createSubject('化学');
    expectError(r, 409);
    expect(r.body.errmsg).toBe('同名学科已存在');
  });
});
