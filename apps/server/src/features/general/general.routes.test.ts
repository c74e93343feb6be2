// API tests of the general module: health, grades, subjects (all public).
import { Grade, Subject } from '@edu/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp, stringMatching } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('general', () => {
  it('health answers ok in the envelope', async () => {
    const r = await t.call('GET', '/v1/health');
    expect(expectOk(r)).toEqual({ status: 'ok' });
    expect(r.body).toMatchObject({
      module: 'general',
      version: stringMatching(/^\d+\.\d+\.\d+/),
      serverTime: t.clock.now(),
      error: '',
    });
  });

  it('grades are 一年级 … 高三 with ids g1 … g12, without a login', async () => {
    const grades = z.array(Grade).parse(expectOk(await t.call('GET', '/v1/general/data/grades')));
    expect(grades).toHaveLength(12);
    expect(grades[0]).toEqual({ id: 'g1', name: '一年级', sort: 1 });
    expect(grades[6]).toEqual({ id: 'g7', name: '初一', sort: 7 });
    expect(grades[11]).toEqual({ id: 'g12', name: '高三', sort: 12 });
  });

  it('subjects include 英语 (en) and 数学 (math), in their order', async () => {
    const subjects = z.array(Subject).parse(expectOk(await t.call('GET', '/v1/general/data/subjects')));
    expect(subjects.map((s) => s.id)).toEqual(expect.arrayContaining(['en', 'math', 'chinese', 'physics']));
    expect(subjects.find((s) => s.id === 'en')?.name).toBe('英语');
    expect(subjects.map((s) => s.sort)).toEqual([...subjects.map((s) => s.sort)].sort((a, b) => a - b));
  });
});
