// Recitation texts (docs/recitation.md) on a real database: CRUD by the agency's admin and teachers, students read
// only, another agency's text answers 404, limits, and image links checked (the sentence must exist, the image
// must be an upload of the agency); ids of unchanged sentences survive an edit, and their images with them.
import {
  RECITATION_TEXT_MAX,
  Recitation,
  RecitationPage,
  StoredFile,
  sentenceSpans,
  type RecitationFields,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { SAMPLE_IMAGES } from '../../test/images.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const PNG = SAMPLE_IMAGES['image/png'];

const call = <T>(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who: string,
  body?: unknown,
  agency = 'demo',
) =>
  t.call<T>(method, url, {
    token: tokens[who],
    agency,
    ...(body === undefined ? {} : { body: { request: body } }),
  });

async function upload(who: string, agency: string): Promise<string> {
  const r = await t.app.inject({
    method: 'PUT',
    url: '/v1/files',
    payload: PNG,
    headers: { authorization: `Bearer ${tokens[who]}`, 'x-agency-id': agency, 'content-type': 'image/png' },
  });
  return StoredFile.parse(r.json<{ response: unknown }>().response).url;
}

const create = async (who: string, f: RecitationFields) =>
  Recitation.parse(expectOk(await call<Recitation>('PUT', '/v1/recitation', who, f)));

const TEXT = 'The cat sat on the mat. It was warm! 猫在垫子上，很暖和。';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['agency', 'teacher', 'student', 'other', 'parent']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

describe('recitation texts', () => {
  it('are created, read, listed, searched, updated and deleted by the agency staff', async () => {
    const made = await create('teacher', { title: '  小猫  ', text: TEXT });
    expect(made).toMatchObject({ title: '小猫', text: TEXT, images: [], imageCount: 0, creatorName: '张老师' });
    expect(made.sentences).toEqual(sentenceSpans(TEXT, 's'));
    expect(made.sentences.map((s) => s.text)).toEqual([
      'The cat sat on the mat.',
      'It was warm!',
      '猫在垫子上，',
      '很暖和。',
    ]);
    expect(made.sentenceCount).toBe(4);

    const got = Recitation.parse(expectOk(await call('GET', `/v1/recitation/${made.id}`, 'agency')));
    expect(got).toEqual(made);

    await create('agency', { title: '春晓', text: '春眠不觉晓，处处闻啼鸟。' });
    const all = RecitationPage.parse(expectOk(await call('GET', '/v1/recitation/list', 'teacher')));
    expect(all.list.map((r) => r.title)).toEqual(expect.arrayContaining(['小猫', '春晓']) as string[]);
    const found = RecitationPage.parse(expectOk(await call('GET', '/v1/recitation/list?keyword=啼鸟', 'teacher')));
    expect(found.list.map((r) => r.title)).toEqual(['春晓']);
    const percent = RecitationPage.parse(expectOk(await call('GET', '/v1/recitation/list?keyword=%25', 'teacher')));
    expect(percent.total).toBe(0);

    const updated = Recitation.parse(
      expectOk(await call('POST', `/v1/recitation/${made.id}`, 'agency', { title: '小猫咪', text: TEXT })),
    );
    expect(updated.title).toBe('小猫咪');
    expect(expectOk(await call('DELETE', `/v1/recitation/${made.id}`, 'teacher'))).toBeNull();
    expectError(await call('GET', `/v1/recitation/${made.id}`, 'teacher'), 404);
    expectError(await call('DELETE', `/v1/recitation/${made.id}`, 'teacher'), 404);
  });

  it('let the agency students read but not write, and hide them from other agencies (404)', async () => {
    const made = await create('teacher', { title: '只读', text: TEXT });
    expect(Recitation.parse(expectOk(await call('GET', `/v1/recitation/${made.id}`, 'student'))).title).toBe('只读');
    const list = RecitationPage.parse(expectOk(await call('GET', '/v1/recitation/list', 'student')));
    expect(list.list.some((r) => r.id === made.id)).toBe(true);
    expectError(await call('PUT', '/v1/recitation', 'student', { title: 'x', text: 'y' }), 403);
    expectError(await call('POST', `/v1/recitation/${made.id}`, 'student', { title: 'x', text: 'y' }), 403);
    expectError(await call('DELETE', `/v1/recitation/${made.id}`, 'student'), 403);
    expectError(await call('GET', '/v1/recitation/list', 'parent'), 403);

    // The other agency's admin, in their own agency: the id names nothing there.
    expectError(await call('GET', `/v1/recitation/${made.id}`, 'other', undefined, 'other'), 404);
    expectError(await call('POST', `/v1/recitation/${made.id}`, 'other', { title: 'x', text: 'y' }, 'other'), 404);
    expectError(await call('DELETE', `/v1/recitation/${made.id}`, 'other', undefined, 'other'), 404);
    const theirs = RecitationPage.parse(
      expectOk(await call('GET', '/v1/recitation/list', 'other', undefined, 'other')),
    );
    expect(theirs.list.some((r) => r.id === made.id)).toBe(false);
    expectError(await call('GET', '/v1/recitation/abc', 'teacher'), 404);
    expectError(await call('GET', '/v1/recitation/999999', 'teacher'), 404);
    expectError(await t.call('GET', '/v1/recitation/list', { agency: 'demo' }), 401);
  });

  it('bound the title, the text and the query, with Chinese messages', async () => {
    const long = await call('PUT', '/v1/recitation', 'teacher', {
      title: '长',
      text: 'a'.repeat(RECITATION_TEXT_MAX + 1),
    });
    expectError(long, 400);
    expect(JSON.stringify(long.body)).toContain('文本不超过 5000 字');
    expectError(await call('PUT', '/v1/recitation', 'teacher', { title: '   ', text: 'a' }), 400);
    expectError(await call('PUT', '/v1/recitation', 'teacher', { title: 'x'.repeat(101), text: 'a' }), 400);
    expectError(await call('GET', '/v1/recitation/list?size=51', 'teacher'), 400);
    expect((await create('teacher', { title: '满', text: 'a'.repeat(RECITATION_TEXT_MAX) })).text).toHaveLength(
      RECITATION_TEXT_MAX,
    );
  });

  it('link images to existing sentences only, and only images of the agency', async () => {
    const mine = await upload('teacher', 'demo');
    const foreign = await upload('other', 'other');
    const [s0, s1] = sentenceSpans(TEXT, 's');
    const made = await create('teacher', {
      title: '配图',
      text: TEXT,
      images: [{ value: s1.id, img: mine, desc: '  暖和的猫  ' }],
    });
    expect(made.images).toEqual([{ value: s1.id, img: mine, desc: '暖和的猫' }]);
    expect(made.imageCount).toBe(1);

    const missing = await call('PUT', '/v1/recitation', 'teacher', {
      title: '配图',
      text: TEXT,
      images: [{ value: 's-nothere-0', img: mine }],
    });
    expectError(missing, 400);
    expect(JSON.stringify(missing.body)).toContain('配图所属的句子不在文本中');
    const theirs = await call('PUT', '/v1/recitation', 'teacher', {
      title: '配图',
      text: TEXT,
      images: [{ value: s0.id, img: foreign }],
    });
    expectError(theirs, 400);
    expect(JSON.stringify(theirs.body)).toContain('图片不存在或不属于本机构');
    const twice = await call('PUT', '/v1/recitation', 'teacher', {
      title: '配图',
      text: TEXT,
      images: [
        { value: s0.id, img: mine },
        { value: s0.id, img: mine },
      ],
    });
    expect(JSON.stringify(twice.body)).toContain('一个句子只能配一张图片');
    const outside = await call('PUT', '/v1/recitation', 'teacher', {
      title: '配图',
      text: TEXT,
      images: [{ value: s0.id, img: 'https://example.com/x.png' }],
    });
    expect(JSON.stringify(outside.body)).toContain('图片必须是本平台上传的图片');

    // Editing another sentence keeps the linked sentence's id, so the link stays valid.
    const edited = 'A dog ran by. It was warm! 猫在垫子上，很暖和。';
    const again = Recitation.parse(
      expectOk(
        await call('POST', `/v1/recitation/${made.id}`, 'teacher', {
          title: '配图',
          text: edited,
          images: made.images,
        }),
      ),
    );
    expect(again.sentences.find((s) => s.id === s1.id)?.text).toBe('It was warm!');
    expect(again.images).toEqual(made.images);
  });
});
