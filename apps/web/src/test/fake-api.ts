// Test doubles: an in-memory key-value storage and a fake fetch answering envelopes by "METHOD /path", held to the
// contract's route table and schemas (test/contract-check.ts).
import type { KeyValueStorage } from '../app/stores';
import { checkRequest, checkResponse, contractRoute, contractViolation } from './contract-check';

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

/**
 * `routes["GET /v1/x"]` answers that call; anything else is a 404 envelope. A key that is no route of the contract
 * throws here; a canned reply that is not the route's response, a request body the route refuses and a handler's
 * successful reply that is not the route's response fail the test (test/setup.ts).
 */
export function fakeFetch(routes: Record<string, FakeRoute>) {
  for (const [key, route] of Object.entries(routes)) {
    const [method, path] = key.split(' ');
    const api = contractRoute(method, path);
    if (!api) throw new Error(`fake route ${key} is not a route of the API (packages/contract/src/api.ts)`);
    if (typeof route !== 'function') checkResponse(key, api, route);
  }
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
    const api = contractRoute(method, path);
    if (!api) contractViolation(`${key}: the page called a route the API does not have`);
    else checkRequest(key, api, body);
    const route = routes[key];
    let reply: Awaited<FakeReply>;
    if (route === undefined) reply = { status: 404, json: envelope(null, 404, '请求的资源不存在') };
    else if (typeof route === 'function') {
      reply = await (route as Handler)(call);
      const sent = reply.json as { errno?: unknown; response?: unknown } | undefined;
      if (api && (reply.status ?? 200) === 200 && sent?.errno === 0) checkResponse(key, api, sent.response);
    } else reply = { json: envelope(route) };
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
