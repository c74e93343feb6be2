// A LOCAL server speaking the chat-completions protocol for the AI reading tests (docs/reading.md "Providers and
// generation"): node:http on 127.0.0.1, port 0; each request to /v1/chat/completions takes the next scripted answer
// (anything unscripted answers 500) and is recorded with its body and Authorization header. The responders also
// answer as real servers and proxies misbehave (docs/reading.md "Providers and their failures"): raw bodies, SSE
// streams to a non-stream request, a body trickled slower than any deadline, redirects.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Responder = (res: ServerResponse, body: Record<string, unknown>, req: IncomingMessage) => void;

export interface SeenRequest {
  body: Record<string, unknown>;
  authorization: string | undefined;
  url: string | undefined;
}

export interface ChatServer {
  /** The base URL a provider is configured with (`http://127.0.0.1:<port>/v1`). */
  readonly baseUrl: string;
  /** The answers to give, in order; tests assign it before each call. */
  script: Responder[];
  /** The requests received, in order. */
  seen: SeenRequest[];
  close: () => Promise<void>;
}

/** An answer with this status, JSON body and headers. */
export const send =
  (status: number, body: unknown, headers: Record<string, string> = {}): Responder =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/** A chat completion whose one choice carries `message` (content, or a refusal), with its token usage. */
export const completion = (
  message: { content: string | null; refusal?: string | null },
  usage = { prompt_tokens: 1200, completion_tokens: 300 },
): Responder =>
  send(200, {
    id: 'chatcmpl-local',
    object: 'chat.completion',
    created: 1,
    model: 'local-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', refusal: null, ...message } }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  });

/** Never answers: the client's timeout ends the request. */
export const silent: Responder = () => undefined;

/** An answer with this status, body bytes exactly as given, and headers (no content type unless given). */
export const raw =
  (status: number, body: string, headers: Record<string, string> = {}): Responder =>
  (res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** The `data:` lines of a chat-completion stream whose deltas spell `parts`, then usage and `[DONE]`. */
export function sseBody(parts: string[], usage = { prompt_tokens: 1200, completion_tokens: 300 }): string {
  const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-local', object: 'chat.completion.chunk', model: 'local-model', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
  return [
    chunk({ role: 'assistant', content: '' }),
    ...parts.map((p) => chunk({ content: p })),
    `data: ${JSON.stringify({ id: 'chatcmpl-local', object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
    'data: [DONE]\n\n',
  ].join('');
}

/** An SSE stream answered to a request that did not ask for one (as some proxies do). */
export const sse = (parts: string[], contentType = 'text/event-stream'): Responder =>
  raw(200, sseBody(parts), { 'content-type': contentType });

/**
 * A 200 whose JSON body arrives one byte every `everyMs` (headers at once): a server that keeps the connection
 * alive while never finishing. The bytes stop when the client goes away.
 */
export const trickle =
  (everyMs: number, body = '{"choices":[]}'): Responder =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let i = 0;
    const t = setInterval(() => {
      if (res.destroyed || i >= body.length) {
        clearInterval(t);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(body[i++]);
    }, everyMs);
    res.on('close', () => clearInterval(t));
  };

export async function startChatServer(): Promise<ChatServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      chat.seen.push({ body, authorization: req.headers.authorization, url: req.url });
      const next = chat.script.shift();
      if (!next || !req.url?.endsWith('/chat/completions'))
        return send(500, { error: { message: 'unscripted' } })(res, body, req);
      next(res, body, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const chat: ChatServer = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    script: [],
    seen: [],
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return chat;
}
