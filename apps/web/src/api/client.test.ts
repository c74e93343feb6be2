import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from './routes';
import { createHttpClient, errorText, HTTP_TIMEOUT_MS, RequestFailure, type HttpClientDeps } from './client';
import { createCall, fillPath } from './call';
import { envelope, fakeFetch } from '../test/fake-api';
import { kp } from '../test/fixtures';

function setup(routes: Parameters<typeof fakeFetch>[0], over: Partial<HttpClientDeps> = {}) {
  const fake = fakeFetch(routes);
  const onUnauthorized = vi.fn();
  const notify = vi.fn();
  const client = createHttpClient({
    fetch: fake.fetch,
    getToken: () => 'tok-1',
    getAgencyId: () => 'demo',
    onUnauthorized,
    notify,
    ...over,
  });
  const call = createCall(client, { sessionAware: (r) => r !== API.login });
  return { ...fake, client, call, onUnauthorized, notify };
}

afterEach(() => vi.useRealTimers());

describe('HTTP client: requests', () => {
  it('sends Accept JSON, bearer token, X-Agency-Id, credentials omit and a JSON body', async () => {
    const renamed = kp('en.g7', '七年级', 'grade');
    const t = setup({ 'POST /v1/exam/question/knowledgepoint/en.g7': renamed });
    const res = await t.call(API.kpRename, { params: { id: 'en.g7' }, body: { request: { name: '七年级' } } });
    expect(res).toEqual(renamed);
    const c = t.calls[0];
    expect(c.method).toBe('POST');
    expect(c.headers.Accept).toBe('application/json');
    expect(c.headers.Authorization).toBe('Bearer tok-1');
    expect(c.headers['X-Agency-Id']).toBe('demo');
    expect(c.headers['Content-Type']).toBe('application/json');
    expect(c.init.credentials).toBe('omit');
    expect(c.init.signal).toBeInstanceOf(AbortSignal);
    expect(c.body).toEqual({ request: { name: '七年级' } });
  });

  it('omits the Authorization header without a stored token and reads the agency on every call', async () => {
    let agency = 'demo';
    const t = setup({ 'GET /v1/general/data/grades': [] }, { getToken: () => null, getAgencyId: () => agency });
    await t.call(API.grades);
    agency = 'other';
    await t.call(API.grades);
    expect(t.calls[0].headers.Authorization).toBeUndefined();
    expect(t.calls.map((c) => c.headers['X-Agency-Id'])).toEqual(['demo', 'other']);
  });

  it('puts query parameters in the URL and skips empty ones', async () => {
    const t = setup({ 'GET /v1/agencies': { total: 0, list: [] } });
    await t.call(API.agencyList, { query: { start: 20, size: 10, keyword: undefined } });
    expect(t.calls[0].url).toBe('/v1/agencies?start=20&size=10');
  });

  it('sends a raw body with the file type as Content-Type', async () => {
    const t = setup({ 'PUT /v1/files': { id: 'f1', url: '/v1/files/f1', type: 'image/png', size: 3 } });
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await t.call(API.fileUpload, { raw: file });
    expect(t.calls[0].headers['Content-Type']).toBe('image/png');
    expect(t.calls[0].init.body).toBe(file);
  });

  it('substitutes and encodes path parameters, refusing a missing one', () => {
    expect(fillPath('/v1/agency/:id', { id: 'a b' })).toBe('/v1/agency/a%20b');
    expect(() => fillPath('/v1/agency/:id', {})).toThrow(/missing path parameter id/);
  });
});

describe('HTTP client: errors (docs/product.md §8)', () => {
  it('rejects with the envelope when errno is not 0', async () => {
    const body = envelope(null, 409, '该知识点下还有子知识点，不能删除');
    const t = setup({ 'DELETE /v1/exam/question/knowledgepoint/en': () => ({ status: 409, json: body }) });
    await expect(t.call(API.kpDelete, { params: { id: 'en' } })).rejects.toEqual(body);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onUnauthorized).not.toHaveBeenCalled();
    expect(errorText(body)).toBe('该知识点下还有子知识点，不能删除');
  });

  it('rejects errno ≠ 0 even with HTTP 200', async () => {
    const body = envelope({ fields: [] }, 400, '请求参数有误');
    const t = setup({ 'GET /v1/exam/question/knowledgepoints': () => ({ status: 200, json: body }) });
    await expect(t.call(API.kpList)).rejects.toEqual(body);
  });

  it('errno 401 → 请重新登录, logout, reject with the body', async () => {
    const body = envelope(null, 401, '请重新登录');
    const t = setup({ 'GET /v1/auth/me': () => ({ status: 200, json: body }) });
    await expect(t.call(API.me)).rejects.toEqual(body);
    expect(t.notify).toHaveBeenCalledWith('请重新登录');
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 without an envelope → 请重新登录, logout, reject', async () => {
    const t = setup({ 'GET /v1/auth/me': () => ({ status: 401, text: '' }) });
    const err = await t.call(API.me).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestFailure);
    expect(t.notify).toHaveBeenCalledWith('请重新登录');
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('the login call itself does not log out on 401 (wrong credentials)', async () => {
    const body = envelope(null, 401, '用户名或密码错误');
    const t = setup({ 'POST /v1/auth/login': () => ({ status: 401, json: body }) });
    await expect(t.call(API.login, { body: { request: { username: 'a', password: 'b' } } })).rejects.toEqual(body);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['no body', { status: 500, text: '' }, 'no-body'],
    ['a non-JSON body', { status: 502, text: '<html>Bad gateway</html>' }, 'not-json'],
    ['JSON without errno', { status: 200, json: { hello: 1 } }, 'not-envelope'],
  ])('%s → Error 请求失败', async (_, reply, kind) => {
    const t = setup({ 'GET /v1/general/data/grades': () => reply });
    const err = await t.call(API.grades).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('请求失败');
    expect((err as RequestFailure).kind).toBe(kind);
  });

  it('a network error → Error 请求失败', async () => {
    const t = setup({}, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const err = await t.call(API.grades).catch((e: unknown) => e);
    expect((err as Error).message).toBe('请求失败');
    expect((err as RequestFailure).kind).toBe('network');
  });

  it('aborts after 120000 ms → Error 请求失败', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const t = setup({}, { fetch: hanging });
    const pending = t.call(API.grades).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(signal?.aborted).toBe(true);
    expect((err as Error).message).toBe('请求失败');
    expect((err as RequestFailure).kind).toBe('timeout');
  });

  it('the default timeout is the spec value', () => {
    expect(HTTP_TIMEOUT_MS).toBe(120000);
  });
});
