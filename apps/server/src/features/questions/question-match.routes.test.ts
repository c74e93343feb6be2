// POST /v1/exam/question/match/selectors with `autoJudged`: only what a general scheme's point can draw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, type Page, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let bank: TestBank;

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, admin] = await Promise.all(['agency', 'admin'].map((u) => t.login(u)));
  bank = await createTestBank(t, admin, agency);
});
afterAll(() => t.close());

const match = async (request: Record<string, unknown>) =>
  expectOk(
    await t.call<Page<{ id: string; judgeType: string }>>('POST', '/v1/exam/question/match/selectors?start=0&size=50', {
      token: agency,
      agency: 'demo',
      body: { request },
    }),
  );

describe('match/selectors autoJudged', () => {
  it('leaves manual questions out when asked, by selectors and by a fixed list', async () => {
    const all = await match({ selectors: {}, knowledgeIds: [bank.kp] });
    expect(all.list.map((q) => q.id).sort()).toEqual([bank.single, bank.trueFalse, bank.manual].sort());
    const auto = await match({ selectors: {}, knowledgeIds: [bank.kp], autoJudged: true });
    expect(auto.total).toBe(2);
    expect(auto.list.map((q) => q.id).sort()).toEqual([bank.single, bank.trueFalse].sort());
    const fixed = await match({ selectors: { questionIds: [bank.manual, bank.single] }, autoJudged: true });
    expect(fixed.list.map((q) => q.id)).toEqual([bank.single]);
    // Without it the call is as before: the fixed list in its order.
    const asBefore = await match({ selectors: { questionIds: [bank.manual, bank.single] } });
    expect(asBefore.list.map((q) => q.id)).toEqual([bank.manual, bank.single]);
  });
});
