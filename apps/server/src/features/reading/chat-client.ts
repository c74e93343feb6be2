// One chat-completions request to an OpenAI-compatible server (docs/reading.md "Providers and their failures"),
// through the guarded outbound request of lib/outbound.ts: one deadline over the whole exchange, the address
// policy of the setting's scope, no redirects. The reply is read by us, not trusted to a client library: a JSON
// completion, an SSE stream sent to a non-stream request (its deltas joined), and every way a real server or proxy
// answers otherwise — an error inside a 200, HTML, an empty body, vLLM's `{"object":"error"}`, a 429 with
// Retry-After — ends as a ChatFailure whose `detail` says why (the key blanked, bounded).
import { OutboundError, outboundRequest, type OutboundPolicy } from '../../lib/outbound.js';

export interface ChatConnection {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The deadline of one request, its whole body included. */
  timeoutMs: number;
  policy: OutboundPolicy;
}

export interface ChatReply {
  content: string;
  refusal: string | null;
  usage: { promptTokens: number; completionTokens: number };
  /** The server answered an SSE stream (its deltas were joined). */
  streamed: boolean;
}

export type ChatFailureKind =
  'timeout' | 'blocked' | 'connect' | 'badUrl' | 'tooLarge' | 'redirect' | 'http' | 'errorReply' | 'badReply';

export class ChatFailure extends Error {
  constructor(
    readonly kind: ChatFailureKind,
    /** What was wrong, for the call log and the messages: bounded, the key blanked. */
    readonly detail: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${kind}${status ? ` ${status}` : ''}: ${detail}`);
  }
}

/** The most bytes of a reply read (twenty items are well under 100 KB; a stream's framing doubles that). */
export const REPLY_MAX_BYTES = 4 * 1024 * 1024;
const DETAIL_MAX = 200;

const oneLine = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const looksHtml = (text: string, type: string) => /html/i.test(type) || /^\s*<(!doctype|html|head|body)/i.test(text);
const htmlTitle = (text: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();

/** The message an error body carries, in the shapes servers use; else the start of the body. */
export function errorMessageOf(text: string, type = ''): string {
  const json = parseJson(text);
  if (isObject(json)) {
    const e = json.error;
    const detail = json.detail;
    const found =
      (isObject(e) ? (str(e.message) ?? str(e.msg) ?? JSON.stringify(e)) : str(e)) ?? // OpenAI, DeepSeek, Ollama
      str(json.message) ?? // vLLM `{"object":"error","message":…}`
      (detail === undefined ? undefined : (str(detail) ?? JSON.stringify(detail))); // FastAPI-style 422
    if (found) return found;
  }
  if (looksHtml(text, type)) return `HTML 页面${htmlTitle(text) ? `「${htmlTitle(text)}」` : ''}`;
  return text.trim() === '' ? '（无内容）' : text;
}

/** Retry-After in ms (`retry-after-ms`, seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(headers: Record<string, string | string[] | undefined>, now = Date.now()): number | null {
  const h = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || null;
  };
  const ms = h('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Number(ms);
  const v = h('retry-after');
  if (v === null) return null;
  if (Number.isFinite(Number(v))) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

interface Choice {
  content: string;
  refusal: string | null;
}

/** The text of a completion's first choice (chat `message`, a stream's `delta`, or legacy `text`), else null. */
function choiceOf(body: Json): Choice | null {
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0 || !isObject(choices[0])) return null;
  const c = choices[0];
  const m = isObject(c.message) ? c.message : isObject(c.delta) ? c.delta : null;
  const content = str(m?.content) ?? str(c.text) ?? '';
  const refusal = str(m?.refusal) ?? null;
  return { content, refusal };
}

const usageOf = (body: Json) => {
  const u = isObject(body.usage) ? body.usage : {};
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);
  return { promptTokens: n(u.prompt_tokens), completionTokens: n(u.completion_tokens) };
};

/** An SSE stream (`data: {...}` lines, `data: [DONE]`): the deltas joined, the last usage seen. */
function readStream(text: string, fail: (kind: ChatFailureKind, detail: string) => ChatFailure): ChatReply {
  const reply: ChatReply = {
    content: '',
    refusal: null,
    usage: { promptTokens: 0, completionTokens: 0 },
    streamed: true,
  };
  let chunks = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '' || data === '[DONE]') continue;
    const chunk = parseJson(data);
    if (!isObject(chunk)) throw fail('badReply', `流式回复中有一行不是 JSON：${data}`);
    if (chunk.error !== undefined || chunk.object === 'error') throw fail('errorReply', errorMessageOf(data));
    const c = choiceOf(chunk);
    if (c) {
      chunks++;
      reply.content += c.content;
      if (c.refusal) reply.refusal = (reply.refusal ?? '') + c.refusal;
    }
    if (isObject(chunk.usage)) reply.usage = usageOf(chunk);
  }
  if (chunks === 0) throw fail('badReply', '流式回复中没有任何 choices');
  return reply;
}

/** A reply read whole: a completion, or the ChatFailure it amounts to. */
export function readReply(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  redact: (s: string) => string = (s) => s,
): ChatReply {
  const type = String(headers['content-type'] ?? '');
  const fail = (kind: ChatFailureKind, detail: string, retry: number | null = null) =>
    new ChatFailure(kind, redact(oneLine(detail)).slice(0, DETAIL_MAX), status, retry);
  const text = body.replace(/^\uFEFF/, '');
  if (status >= 300 && status < 400)
    throw fail('redirect', `HTTP ${status} 到 ${String(headers.location ?? '（未给出地址）')}`);
  if (status < 200 || status >= 300) throw fail('http', errorMessageOf(text, type), retryAfterMs(headers));
  if (text.trim() === '') throw fail('badReply', '回复为空');
  if (/event-stream/i.test(type) || /^\s*(data|event|id):/.test(text)) return readStream(text, fail);
  const json = parseJson(text);
  if (json === undefined) {
    if (looksHtml(text, type)) throw fail('badReply', errorMessageOf(text, type));
    throw fail('badReply', `回复不是 JSON：${text}`);
  }
  if (!isObject(json)) throw fail('badReply', `回复不是 JSON 对象：${text}`);
  if (json.error !== undefined || json.object === 'error') throw fail('errorReply', errorMessageOf(text, type));
  const choice = choiceOf(json);
  if (!choice) throw fail('badReply', `回复中没有 choices：${text}`);
  return { ...choice, usage: usageOf(json), streamed: false };
}

/** A failure that says the server does not take this `response_format` (400/422, or an error inside a 200). */
export const rejectsResponseFormat = (f: unknown) =>
  f instanceof ChatFailure &&
  ((f.kind === 'http' && (f.status === 400 || f.status === 422)) || f.kind === 'errorReply') &&
  /response[_ ]format|json[_ ]schema/i.test(f.detail);

const endpoint = (baseUrl: string) => `${baseUrl.trim().replace(/\/+$/, '')}/chat/completions`;

/**
 * One POST /chat/completions. The caller's abort rethrows the signal's reason (the job's time limit or shutdown is
 * the queue's to report); everything else that is not a completion is a ChatFailure.
 */
export async function chatCompletion(
  conn: ChatConnection,
  body: Record<string, unknown>,
  signal?: AbortSignal,
  deadlineMs = conn.timeoutMs,
): Promise<ChatReply> {
  const redact = (s: string) => (conn.apiKey ? s.split(conn.apiKey).join('***') : s);
  let res;
  try {
    res = await outboundRequest(endpoint(conn.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'edu-platform',
        ...(conn.apiKey ? { authorization: `Bearer ${conn.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: conn.model, ...body, stream: false }),
      deadlineMs,
      signal,
      policy: conn.policy,
      maxBytes: REPLY_MAX_BYTES,
    });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    if (e instanceof OutboundError && e.kind !== 'aborted') throw new ChatFailure(e.kind, redact(e.message));
    throw e;
  }
  return readReply(res.status, res.headers, res.body.toString('utf8'), redact);
}

/** A concise reason (Chinese, with the detail) for the call log and the connection test. */
export function failureReason(f: ChatFailure): string {
  switch (f.kind) {
    case 'timeout':
      return `超时：${f.detail}`;
    case 'blocked':
      return `地址被拒绝：${f.detail}`;
    case 'connect':
      return `无法连接：${f.detail}`;
    case 'badUrl':
      return f.detail;
    case 'tooLarge':
      return `回复过大：${f.detail}`;
    case 'redirect':
      return `接口地址返回重定向（${f.detail}），出于安全不跟随`;
    case 'http':
      return `HTTP ${f.status}${f.retryAfterMs !== null ? `（Retry-After ${Math.round(f.retryAfterMs / 1000)} 秒）` : ''}：${f.detail}`;
    case 'errorReply':
      return `HTTP ${f.status ?? 200} 的回复中是错误：${f.detail}`;
    case 'badReply':
      return `回复无法识别：${f.detail}`;
  }
}
