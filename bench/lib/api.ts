// Minimal API client for bench generators: login and enveloped JSON calls.
export interface Session {
  baseURL: string;
  token: string;
  agencyId: string;
}

export async function call<T>(
  s: Pick<Session, 'baseURL'> & Partial<Session>,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${s.baseURL}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(s.token ? { Authorization: `Bearer ${s.token}` } : {}),
      ...(s.agencyId ? { 'X-Agency-Id': s.agencyId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await r.json()) as { errno: number; errmsg: string; response: T };
  if (env.errno !== 0) throw new Error(`${method} ${path}: ${env.errno} ${env.errmsg}`);
  return env.response;
}

export async function login(baseURL: string, username: string, password: string, agencyId = 'demo'): Promise<Session> {
  const info = await call<{ access_token: string }>({ baseURL }, 'POST', '/v1/auth/login', {
    request: { username, password },
  });
  return { baseURL, token: info.access_token, agencyId };
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  });
  await Promise.all(workers);
}
