import { describe, expect, it, vi } from 'vitest';
import { agencyAfterUserChange, loadDictionaries, startUp, type SessionEnv } from './startup';
import { AGENCY_KEY, USERINFO_KEY } from './stores';
import { envelope, fakeFetch, MemoryStorage, type FakeRoute } from '../test/fake-api';
import { KPS, loginInfo } from '../test/fixtures';

const GRADES = [{ id: 'g7', name: '七年级', sort: 7 }];
const SUBJECTS = [{ id: 'en', name: '英语', sort: 1 }];

function env(routes: Record<string, FakeRoute>, storage = new MemoryStorage(), over: Partial<SessionEnv> = {}) {
  const fake = fakeFetch({
    'GET /v1/general/data/grades': GRADES,
    'GET /v1/general/data/subjects': SUBJECTS,
    'GET /v1/exam/question/knowledgepoints': KPS,
    ...routes,
  });
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
  it('loads grades and subjects together, before reading login info', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    const t = env({
      'GET /v1/general/data/grades': async () => {
        seen.push('grades');
        await gate;
        return { json: envelope(GRADES) };
      },
      'GET /v1/general/data/subjects': () => {
        seen.push('subjects');
        return { json: envelope(SUBJECTS) };
      },
    });
    const getItem = vi.spyOn(t.storage, 'getItem');
    const started = startUp(t.env);
    await new Promise((r) => setTimeout(r, 10));
    // Both requests are out while grades has not answered: they run in parallel.
    expect(seen.sort()).toEqual(['grades', 'subjects']);
    expect(getItem).not.toHaveBeenCalledWith(USERINFO_KEY);
    release();
    const s = await started;
    expect(getItem).toHaveBeenCalledWith(USERINFO_KEY);
    expect(s.configStore.getState()).toMatchObject({
      agencyId: 'demo',
      grades: GRADES,
      subjects: SUBJECTS,
      knowledgePoints: [],
    });
  });

  it('a failure of either dictionary leaves both lists empty', async () => {
    const t = env({ 'GET /v1/general/data/subjects': () => ({ status: 500, json: envelope(null, 500, 'x') }) });
    const s = await startUp(t.env);
    expect(s.configStore.getState().grades).toEqual([]);
    expect(s.configStore.getState().subjects).toEqual([]);
  });

  it('loadDictionaries tolerates a network failure', async () => {
    const call = () => Promise.reject(new Error('请求失败'));
    await expect(loadDictionaries(call as never)).resolves.toEqual({ grades: [], subjects: [] });
  });

  it('removes unparseable login info and treats it as no login (no knowledge points loaded)', async () => {
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: '{not json' }));
    const s = await startUp(t.env);
    expect(s.userStore.get()).toBeNull();
    expect(t.storage.getItem(USERINFO_KEY)).toBeNull();
    expect(paths(t.calls)).not.toContain('GET /v1/exam/question/knowledgepoints');
  });

  it('removes stored JSON that is not login info', async () => {
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: '{"foo":1}' }));
    const s = await startUp(t.env);
    expect(s.userStore.get()).toBeNull();
    expect(t.storage.getItem(USERINFO_KEY)).toBeNull();
  });

  it('switches to the first agency when the stored one is not the user’s, then loads knowledge points with it', async () => {
    const user = loginInfo(['edu:agency:other:admin', 'edu:agency:third:admin'], ['other', 'third']);
    const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user), [AGENCY_KEY]: 'demo' });
    const t = env({}, storage);
    const s = await startUp(t.env);
    expect(s.configStore.getState().agencyId).toBe('other');
    expect(storage.getItem(AGENCY_KEY)).toBe('other');
    const kpCalls = t.calls.filter((c) => c.path === '/v1/exam/question/knowledgepoints');
    expect(kpCalls).toHaveLength(1);
    expect(kpCalls[0].headers['X-Agency-Id']).toBe('other');
    expect(kpCalls[0].headers.Authorization).toBe(`Bearer ${user.access_token}`);
    expect(s.configStore.getState().knowledgePoints).toEqual(KPS);
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
    const t = env({}, storage, { hostname: 'acme.edu.example.com' });
    const s = await startUp(t.env);
    expect(s.agencyFixed).toBe(true);
    expect(s.configStore.getState().agencyId).toBe('acme');
    expect(t.calls.every((c) => c.headers['X-Agency-Id'] === 'acme')).toBe(true);
  });

  it('uses the default agency when nothing is stored', async () => {
    const s = await startUp(env({}).env);
    expect(s.configStore.getState().agencyId).toBe('demo');
    expect(s.agencyFixed).toBe(false);
  });

  it('reacts to a later login: switch agency and load knowledge points; logout clears them', async () => {
    const t = env({});
    const s = await startUp(t.env);
    expect(s.configStore.getState().knowledgePoints).toEqual([]);
    s.userStore.set(loginInfo(['edu:agency:other:student'], ['other']));
    await vi.waitFor(() => expect(s.configStore.getState().knowledgePoints).toEqual(KPS));
    expect(s.configStore.getState().agencyId).toBe('other');
    expect(t.calls.filter((c) => c.path === '/v1/exam/question/knowledgepoints')).toHaveLength(1);
    s.userStore.remove();
    expect(s.configStore.getState().knowledgePoints).toEqual([]);
  });

  it('reloads knowledge points on an agency switch, with the new agency header', async () => {
    const user = loginInfo(['edu:admin'], ['demo', 'other']);
    const t = env({}, new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user) }));
    const s = await startUp(t.env);
    s.configStore.setAgencyId('other');
    await vi.waitFor(() =>
      expect(t.calls.filter((c) => c.path === '/v1/exam/question/knowledgepoints')).toHaveLength(2),
    );
    expect(t.calls.at(-1)?.headers['X-Agency-Id']).toBe('other');
  });

  it('a 401 while loading knowledge points logs the user out with 请重新登录', async () => {
    const user = loginInfo(['edu:admin']);
    const t = env(
      { 'GET /v1/exam/question/knowledgepoints': () => ({ status: 401, json: envelope(null, 401, '请重新登录') }) },
      new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(user) }),
    );
    const s = await startUp(t.env);
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
