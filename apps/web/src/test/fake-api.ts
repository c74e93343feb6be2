// Test doubles: an in-memory key-value storage and a fake fetch answering envelopes by "METHOD /path".
import type { KeyValueStorage } from '../app/stores';

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

export function envelope(response: unknown, errno = 0, errmsg = '') {
  return { errno, errmsg, error: errno ? 'err' : '', serverTime: 0, module: 'test', version: 'test', response };
}

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

export type FakeReply =
  { status?: number; json?: unknown; text?: string } | Promise<{ status?: number; json?: unknown; text?: string }>;
export type Handler = (call: RecordedCall) => FakeReply;
/**
 * What a route answers with: a Handler, or any other value, sent as the `response` of an errno 0 envelope.
 * (Just `unknown`, since `Handler | unknown` collapses to it; the name documents the two cases.)
 */
export type FakeRoute = unknown;

/** `routes["GET /v1/x"]` answers that call; anything else is a 404 envelope. */
export function fakeFetch(routes: Record<string, FakeRoute>) {
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RecordedCall = { method, url, path, headers, body, init };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = routes[key];
    let reply: Awaited<FakeReply>;
    if (route === undefined) reply = { status: 404, json: envelope(null, 404, '请求的资源不存在') };
    else if (typeof route === 'function') reply = await (route as Handler)(call);
    else reply = { json: envelope(route) };
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
