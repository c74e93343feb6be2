import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from './routes';
import { createHttpClient, RequestFailure } from './client';
import { createCall } from './call';
import { filenameFromDisposition, saveFile } from './download';
import { envelope } from '../test/fake-api';

function setup(reply: () => Response) {
  const seen: { url: string; init: RequestInit }[] = [];
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    fetch: (input, init = {}) => {
      seen.push({ url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init });
      return Promise.resolve(reply());
    },
    getToken: () => 'tok-1',
    getAgencyId: () => 'demo',
    onUnauthorized,
    notify,
  });
  return { call: createCall(client), seen, notify, onUnauthorized };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('filenameFromDisposition', () => {
  it('prefers the percent-encoded UTF-8 name, then the quoted or bare name', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('题目导入模板.xlsx')}`,
      ),
    ).toBe('题目导入模板.xlsx');
    expect(filenameFromDisposition('attachment; filename="questions-2026-01-02.xml"')).toBe('questions-2026-01-02.xml');
    expect(filenameFromDisposition('attachment; filename=a.gift.txt')).toBe('a.gift.txt');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('falls back on a broken escape and answers null without a name', () => {
    expect(filenameFromDisposition(`attachment; filename="plain.xml"; filename*=UTF-8''%E9%9`)).toBe('plain.xml');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('HTTP client: file answers', () => {
  it('resolves a rawResponse route with the blob, its name and headers, sending the usual headers', async () => {
    const t = setup(
      () =>
        new Response('<quiz/>', {
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Content-Disposition': 'attachment; filename="questions-2026-01-02.xml"',
            'X-Export-Count': '3',
          },
        }),
    );
    const file = await t.call(API.questionExport, { query: { format: 'moodle', repoId: 'r1' } });
    expect(await file.blob.text()).toBe('<quiz/>');
    expect(file.filename).toBe('questions-2026-01-02.xml');
    expect(file.headers.get('X-Export-Count')).toBe('3');
    expect(t.seen[0].url).toBe('/v1/exam/questions/export?format=moodle&repoId=r1');
    const headers = t.seen[0].init.headers as Record<string, string>;
    expect(headers['X-Agency-Id']).toBe('demo');
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('rejects with the envelope when the server answers an error instead of the file', async () => {
    const body = envelope(null, 404, '请求的资源不存在');
    const t = setup(() => json(body, 404));
    await expect(t.call(API.questionExport, { query: { format: 'gift', repoId: 'nope' } })).rejects.toEqual(body);
  });

  it('a 401 instead of the file logs out like any call', async () => {
    const t = setup(() => json(envelope(null, 401, '请重新登录'), 401));
    await expect(t.call(API.questionImportTemplate)).rejects.toMatchObject({ errno: 401 });
    expect(t.notify).toHaveBeenCalledWith('请重新登录');
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a JSON success without a file, or an empty error, is 请求失败', async () => {
    const ok = setup(() => json(envelope({})));
    await expect(ok.call(API.questionImportTemplate)).rejects.toBeInstanceOf(RequestFailure);
    const empty = setup(() => new Response('', { status: 500 }));
    const err = await empty.call(API.questionImportTemplate).catch((e: unknown) => e);
    expect((err as RequestFailure).message).toBe('请求失败');
  });
});

describe('saveFile', () => {
  it('clicks a download link for an object URL with the given name and removes the link', () => {
    const create = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(`${this.download} ${this.href}`);
    });
    const blob = new Blob(['x']);
    saveFile(blob, 'a.xml');
    expect(create).toHaveBeenCalledWith(blob);
    expect(names).toEqual(['a.xml blob:x']);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
