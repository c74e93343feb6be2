// Test support for the import/export dialogs: a real session over a fake fetch that can also answer files,
// a render inside the app's providers, and a spy on the browser download.
import type { ReactNode } from 'react';
import type { TransferLimits } from '@edu/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../../app/providers';
import { SessionContext } from '../../../../app/session-context';
import { startUp, type Session } from '../../../../app/startup';
import { USERINFO_KEY } from '../../../../app/stores';
import { fakeFetch, MemoryStorage, type FakeRoute, type RecordedCall } from '../../../../test/fake-api';
import { KP_TREE, KPS, loginInfo, repo } from '../../../../test/fixtures';

/** Answers a file: `body` with the given headers (Content-Type defaults to XML). */
export const fileReply =
  (body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', ...headers } });

/** The server's limits as the dialogs read them (GET …/import/limits). */
export const LIMITS: TransferLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 300_000,
  maxUncompressedBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  maxEntries: 1000,
  workerMemoryMb: 192,
  jobSeconds: 600,
  exportPartQuestions: 20_000,
};

export const REPOS = [repo('r1', '七年级题库'), repo('r2', '八年级题库'), repo('r3', '共享题库', { owned: false })];

/**
 * A logged-in agency admin's session. `routes` answer envelopes (see fakeFetch); `files["GET /path"]` answers a
 * file instead. Every call, file or not, is recorded in `calls` in order.
 */
export async function transferSession(
  routes: Record<string, FakeRoute> = {},
  files: Record<string, () => Response> = {},
) {
  const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(loginInfo(['edu:agency:demo:admin'])) });
  const fake = fakeFetch({
    'GET /v1/general/data/grades': [],
    'GET /v1/general/data/subjects': [],
    'GET /v1/exam/question/knowledgepoints': KPS,
    'GET /v1/exam/question/knowledgepoints/tree': KP_TREE,
    'GET /v1/exam/repositories': { total: REPOS.length, list: REPOS },
    'GET /v1/exam/questions/import/limits': LIMITS,
    ...routes,
  });
  const calls: RecordedCall[] = fake.calls;
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0];
    const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
    const file = files[key];
    if (!file) return fake.fetch(input, init);
    const headers = { ...(init.headers as Record<string, string>) };
    calls.push({ method: key.split(' ')[0], url, path, headers, body: init.body, init });
    return file();
  };
  const notify = vi.fn();
  const session = await startUp({
    storage,
    hostname: 'localhost',
    runtime: { defaultAgencyId: 'demo', agencyDomainSuffixes: [] },
    notify,
    fetch,
    log: () => {},
  });
  return { session, calls };
}

export function renderInSession(session: Session, ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
    </AppProviders>,
  );
  return { ...view, queryClient };
}

/** The query of a recorded call as a plain object. */
export const queryOf = (c: RecordedCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);

/** Records what the browser was asked to save (name and text) instead of downloading. */
export function spyDownloads() {
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  const saved: { name: string; blob: Blob }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
