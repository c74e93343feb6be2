// API tests of tags: system tags, create/rename (409 on duplicates), merge, delete, foreign ids.
import type { Question, Tag } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let agency: string;
let teacher: string;
let other: string;

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = agency, ag = 'demo') =>
  t.call<T>(method, url, { token, agency: ag, ...(body === undefined ? {} : { body: { request: body } }) });
const tags = async (token = agency, ag = 'demo') =>
  expectOk(await call<Tag[]>('GET', '/v1/exam/tags', undefined, token, ag));
const byName = async (name: string) => (await tags()).find((x) => x.name === name);

async function question(tagNames: string[]) {
  const repoId = expectOk(await call<{ list: { id: string }[] }>('GET', '/v1/exam/repositories')).list[0].id;
  return expectOk(
    await call<Question>('PUT', '/v1/exam/question', {
      agencyId: 'demo',
      repoId,
      type: 'trueFalse',
      judgeType: 'auto',
      question: '<p>1 + 1 = 2。</p>',
      knowledgeId: 'math.g7.c1.k4.k1',
      answer: ['T'],
      tags: tagNames,
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, other] = await Promise.all(['agency', 'teacher', 'other'].map((u) => t.login(u)));
});
afterAll(() => t.close());

describe('tags', () => {
  it('lists the system tags first, with counts', async () => {
    const list = await tags(teacher);
    expect(list.slice(0, 3).map((x) => [x.key, x.name])).toEqual([
      ['example', '例题'],
      ['mock', '模拟题'],
      ['variant', '变式题'],
    ]);
    expect(list[0].questionCount).toBeGreaterThan(10);
  });

  it('creates and renames, 409 on a duplicate name, 400 on a blank one', async () => {
    const a = expectOk(await call<Tag>('PUT', '/v1/exam/tag', { name: ' 易错题 ' }));
    expect(a).toMatchObject({ name: '易错题', key: null, questionCount: 0 });
    expectError(await call('PUT', '/v1/exam/tag', { name: '易错题' }), 409);
    expectError(await call('PUT', '/v1/exam/tag', { name: '例题' }), 409);
    const blank = await call('PUT', '/v1/exam/tag', { name: '  ' });
    expectError(blank, 400);
    expect(blank.body.response).toEqual({ fields: [{ path: 'request.name', message: '请输入标签名称' }] });
    const renamed = expectOk(await call<Tag>('POST', `/v1/exam/tag/${a.id}`, { name: '高频错题' }));
    expect(renamed).toMatchObject({ id: a.id, name: '高频错题' });
    expectError(await call('POST', `/v1/exam/tag/${a.id}`, { name: '模拟题' }), 409);
    // The same tag name may exist in another agency.
    expectOk(await call('PUT', '/v1/exam/tag', { name: '高频错题' }, other, 'other'));
  });

  it('merges a tag into another: its questions get the target, the source is gone', async () => {
    await question(['合并源', '合并目标']);
    await question(['合并源']);
    const source = (await byName('合并源'))!;
    const target = (await byName('合并目标'))!;
    expect([source.questionCount, target.questionCount]).toEqual([2, 1]);
    const merged = expectOk(await call<Tag>('POST', `/v1/exam/tag/${source.id}/merge`, { into: target.id }));
    expect(merged).toMatchObject({ id: target.id, questionCount: 2 });
    expect(await byName('合并源')).toBeUndefined();
    const listed = expectOk(
      await call<{ list: Question[] }>('POST', '/v1/exam/question/list?tag=合并目标&size=200', {}),
    );
    expect(listed.list.map((q) => q.tags.filter((x) => x.startsWith('合并')))).toEqual([['合并目标'], ['合并目标']]);
    expectError(await call('POST', `/v1/exam/tag/${target.id}/merge`, { into: target.id }), 400);
    expectError(await call('POST', `/v1/exam/tag/${target.id}/merge`, { into: '999999' }), 404);
  });

  it('deletes a tag and removes it from its questions', async () => {
    const q = await question(['临时标签', '例题']);
    const tag = (await byName('临时标签'))!;
    expectOk(await call('DELETE', `/v1/exam/tag/${tag.id}`));
    expect(await byName('临时标签')).toBeUndefined();
    expect(expectOk(await call<Question>('GET', `/v1/exam/question/${q.id}`)).tags).toEqual(['例题']);
    expectError(await call('DELETE', `/v1/exam/tag/${tag.id}`), 404);
  });

  it('system tags cannot be renamed, merged away or deleted (409)', async () => {
    const sys = (await tags()).filter((x) => x.key !== null);
    const plain = expectOk(await call<Tag>('PUT', '/v1/exam/tag', { name: '普通' }));
    for (const s of sys) {
      expectError(await call('POST', `/v1/exam/tag/${s.id}`, { name: '改名' }), 409);
      expectError(await call('DELETE', `/v1/exam/tag/${s.id}`), 409);
      expectError(await call('POST', `/v1/exam/tag/${s.id}/merge`, { into: plain.id }), 409);
    }
    // Merging into a system tag is fine.
    expectOk(await call('POST', `/v1/exam/tag/${plain.id}/merge`, { into: sys[0].id }));
  });

  it("answers 404 for another agency's tags and 403 for non-authors", async () => {
    const foreign = (await tags(other, 'other')).find((x) => x.key === null)!;
    const mine = (await tags()).find((x) => x.key === null)!;
    expectError(await call('POST', `/v1/exam/tag/${foreign.id}`, { name: 'x' }), 404);
    expectError(await call('DELETE', `/v1/exam/tag/${foreign.id}`), 404);
    expectError(await call('POST', `/v1/exam/tag/${mine.id}/merge`, { into: foreign.id }), 404);
    expectError(await call('POST', `/v1/exam/tag/${foreign.id}/merge`, { into: mine.id }), 404);
    expectError(await call('PUT', '/v1/exam/tag', { name: 'x' }, teacher), 403);
  });
});
