// A scheme's dry run reads the knowledge graphs' prerequisites (docs/simulation.md "Dry run of a scheme"): the same
// scheme over the same bank, run before and after a graph gives B the prerequisite A, truly masters B less often
// (B is one level deeper, so harder for every student) and leaves A as it was.
import type { Scheme, SchemeSimulationJob, SimulationResult } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { graphFixture } from '../knowledge-graph/graph-test-fixture.js';

let t: TestApp;
let f: Awaited<ReturnType<typeof graphFixture>>;
let schemeId: string;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'simgrapher', '模拟图谱管理员', ['edu:knowledgraph:admin']);
  f = await graphFixture(t, await t.login('simgrapher'), '模拟先修章');
  const repos = expectOk(
    await f.call<{ list: { id: string; owned: boolean }[] }>(
      'GET',
      '/v1/train/repositories',
      f.agencyAdmin,
      undefined,
      {
        agency: 'demo',
      },
    ),
  );
  const scheme = {
    title: '先修模拟方案',
    type: 'general',
    initPhase: '练习',
    initPoint: '判断',
    timeLimit: 1800,
    kpRange: [f.chapter],
    trainRepoId: repos.list.find((r) => r.owned)!.id,
    phases: [
      {
        phase: '练习',
        knowledgeIds: [f.chapter],
        timeLimit: 0,
        points: [
          {
            name: '判断',
            onOK: '@end',
            onError: '@end',
            selectors: { types: ['trueFalse'] },
            repeat: 5,
            judgeWay: 'once',
            requireCorrect: 3,
          },
        ],
      },
    ],
  };
  schemeId = expectOk(
    await f.call<Scheme>('PUT', '/v1/train/scheme', f.agencyAdmin, scheme, { agency: 'demo' }),
  ).schemeId;
});
afterAll(() => t.close());

async function simulate(): Promise<SimulationResult> {
  const { jobId } = expectOk(
    await f.call<{ jobId: string }>(
      'POST',
      `/v1/train/scheme/${schemeId}/simulate`,
      f.agencyAdmin,
      { students: 300, spread: 'strong' },
      { agency: 'demo' },
    ),
  );
  await t.app.services.jobs.drain();
  const job = expectOk(
    await f.call<SchemeSimulationJob>('GET', `/v1/train/simulation/${jobId}`, f.agencyAdmin, undefined, {
      agency: 'demo',
    }),
  );
  expect(job.message).toBeNull();
  return job.result!;
}

describe('dry run with the knowledge graphs', () => {
  it('gates B by A once a graph makes A its prerequisite', async () => {
    const without = await simulate();
    await f.graph('模拟先修图', [['A', 'B']]);
    const withEdge = await simulate();
    const of = (r: SimulationResult, key: 'A' | 'B') => r.points.find((p) => p.code === f.kps[key])!;
    expect(of(withEdge, 'A').trueBefore).toBe(of(without, 'A').trueBefore);
    expect(of(withEdge, 'B').trueBefore).toBeLessThan(of(without, 'B').trueBefore);
  });
});
