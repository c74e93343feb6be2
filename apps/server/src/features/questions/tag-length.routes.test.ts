// Tag names up to 50 characters, Moodle's limit (docs/question-bank.md "Tags"): a question keeps a 41- and a
// 50-character tag, tags are created and renamed at that length, and a 51st character answers 400.
import type { Question, Tag } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { questionCalls, single } from './question-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let repo: string;
const { call, create } = questionCalls<Question>(
  () => t,
  () => agency,
  () => repo,
);
const TAG_41 = 'Grade 7 inequalities: properties and uses';
const TAG_50 = 'x'.repeat(50);

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  const repos = expectOk(await call<{ list: { id: string; name: string }[] }>('GET', '/v1/exam/repositories', agency));
  repo = repos.list.find((r) => r.name === '演示题库')!.id;
});
afterAll(() => t.close());

describe('tag names of up to 50 characters', () => {
  it('are kept on a question and listed with the agency tags', async () => {
    const q = expectOk(await create({ ...single, tags: [TAG_41, TAG_50] }));
    expect(q.tags).toEqual([TAG_41, TAG_50]);
    const tags = expectOk(await call<Tag[]>('GET', '/v1/exam/tags', agency));
    expect(tags.map((x) => x.name)).toEqual(expect.arrayContaining([TAG_41, TAG_50]));
  });

  it('are created and renamed; a 51st character answers 400 and changes nothing', async () => {
    const tag = expectOk(await call<Tag>('PUT', '/v1/exam/tag', agency, { name: `新${'y'.repeat(49)}` }));
    expect(tag.name).toHaveLength(50);
    const renamed = expectOk(
      await call<Tag>('POST', `/v1/exam/tag/${tag.id}`, agency, { name: `改${'z'.repeat(49)}` }),
    );
    expect(renamed.name).toBe(`改${'z'.repeat(49)}`);
    expectError(await call('POST', `/v1/exam/tag/${tag.id}`, agency, { name: 'w'.repeat(51) }), 400);
    expectError(await create({ ...single, tags: ['v'.repeat(51)] }), 400);
    const names = expectOk(await call<Tag[]>('GET', '/v1/exam/tags', agency)).map((x) => x.name);
    expect(names).toContain(`改${'z'.repeat(49)}`);
    expect(names.some((n) => n.length > 50)).toBe(false);
  });
});
