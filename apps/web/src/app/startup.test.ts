import { describe, expect, it, vi } from 'vitest';
import { API } from '../api/routes';
import { agencyAfterUserChange, startUp, type SessionEnv } from './startup';
import { AGENCY_KEY, USERINFO_KEY } from './stores';
import { envelope, fakeFetch, MemoryStorage, type FakeRoute } from '../test/fake-api';
import { loginInfo } from '../test/fixtures';

function env(routes: Record<string, FakeRoute>, storage = new MemoryStorage(), over: Partial<SessionEnv> = {}) {
  const fake = fakeFetch(routes);
  const e: SessionEnv = {
    storage,
    hostname: 'localhost',
    runtime: { defaultAgencyId: 'demo', agencyDomainSuffixes: ['.edu.example.com'] },
    notify: vi.fn(),
    fetch: fake.fetch,
    log: () => {},
    ...over,
  };
  return { env: e, calls: fake.calls, storage };
}

const paths = (calls: { method: string; path: string }[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('start-up (docs/product.md §4)', () => {
  it('fetches nothing: grades, subjects and knowledge points are left to the pages that need them', async () => {
    const user = loginInfo(['edu:admin'], ['demo']);
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user) }));
    const s = await startUp(t.env);
    expect(s.userStore.get()).toEqual(user);
    expect(s.configStore.getState()).toEqual({ agencyId: 'demo' });
    s.userStore.set(loginInfo(['edu:agency:demo:student'], ['demo']));
    s.configStore.setAgencyId('other');
    expect(paths(t.calls)).toEqual([]);
  });

  it('removes unparseable login info and treats it as no login', async () => {
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: '{not json' }));
    const s = await startUp(t.env);
    expect(s.userStore.get()).toBeNull();
    expect(t.storage.getItem(USERINFO_KEY)).toBeNull();
  });

  it('removes stored JSON that is not login info', async () => {
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: '{"foo":1}' }));
    const s = await startUp(t.env);
    expect(s.userStore.get()).toBeNull();
    expect(t.storage.getItem(USERINFO_KEY)).toBeNull();
  });

  it('switches to the first agency when the stored one is not the user’s, and calls go with it', async () => {
    const user = loginInfo(['edu:agency:other:admin', 'edu:agency:third:admin'], ['other', 'third']);
    const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user), [AGENCY_KEY]: 'demo' });
    const t = env({ 'GET /v1/health': { status: 'ok' } }, storage);
    const s = await startUp(t.env);
    expect(s.configStore.getState().agencyId).toBe('other');
    expect(storage.getItem(AGENCY_KEY)).toBe('other');
    await s.call(API.health);
    expect(t.calls[0].headers['X-Agency-Id']).toBe('other');
    expect(t.calls[0].headers.Authorization).toBe(`Bearer ${user.access_token}`);
  });

  it('keeps the stored agency when it is one of the user’s', async () => {
    const user = loginInfo(['edu:admin'], ['demo', 'other']);
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user), [AGENCY_KEY]: 'other' }));
    const s = await startUp(t.env);
    expect(s.configStore.getState().agencyId).toBe('other');
  });

  it('never switches an agency fixed by the host suffix', async () => {
    const user = loginInfo(['edu:agency:other:admin'], ['other']);
    const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user), [AGENCY_KEY]: 'other' });
    const t = env({ 'GET /v1/health': { status: 'ok' } }, storage, { hostname: 'acme.edu.example.com' });
    const s = await startUp(t.env);
    expect(s.agencyFixed).toBe(true);
    expect(s.configStore.getState().agencyId).toBe('acme');
    await s.call(API.health);
    expect(t.calls.every((c) => c.headers['X-Agency-Id'] === 'acme')).toBe(true);
  });

  it('uses the default agency when nothing is stored', async () => {
    const s = await startUp(env({}).env);
    expect(s.configStore.getState().agencyId).toBe('demo');
    expect(s.agencyFixed).toBe(false);
  });

  it('reacts to a later login: switches to the user’s agency, and later calls carry it', async () => {
    const t = env({ 'GET /v1/health': { status: 'ok' } });
    const s = await startUp(t.env);
    s.userStore.set(loginInfo(['edu:agency:other:student'], ['other']));
    expect(s.configStore.getState().agencyId).toBe('other');
    await s.call(API.health);
    expect(t.calls.at(-1)?.headers['X-Agency-Id']).toBe('other');
  });

  it('a 401 on a call logs the user out with 请重新登录', async () => {
    const user = loginInfo(['edu:admin']);
    const t = env(
      {
        'GET /v1/exam/question/knowledgepoints/tree': () => ({ status: 401, json: envelope(null, 401, '请重新登录') }),
      },
      new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user) }),
    );
    const s = await startUp(t.env);
    await expect(s.call(API.kpTree)).rejects.toBeTruthy();
    expect(t.env.notify).toHaveBeenCalledWith('请重新登录');
    expect(s.userStore.get()).toBeNull();
    expect(t.storage.getItem(USERINFO_KEY)).toBeNull();
  });
});

describe('agencyAfterUserChange', () => {
  const u = loginInfo(['x'], ['a', 'b']);
  it.each([
    ['current among the user’s', u, 'b', false, 'b'],
    ['current not among them', u, 'z', false, 'a'],
    ['fixed by host', u, 'z', true, 'z'],
    ['no user', null, 'z', false, 'z'],
    ['user without agencies', loginInfo(['edu:parent'], []), 'z', false, 'z'],
  ] as const)('%s', (_, user, current, fixed, expected) => {
    expect(agencyAfterUserChange(user, current, fixed)).toBe(expected);
  });
});
