// A lean HTTP/1.1 client for bursts: one request per fresh TCP connection, written as prepared bytes and read
// until the server closes. In a real exam start the 500 clients are 500 browsers on other machines; here they
// share two cores with the server, so the client must cost as little as possible — Node's fetch (undici) spends
// several times the CPU of this per request, which the server's latency would otherwise carry.
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  body: string;
  /** From just before connecting to the last byte read. */
  ms: number;
}

/** Sends one request on its own connection (`Connection: close`) and reads the whole response. */
export function rawRequest(
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  const url = new URL(baseURL);
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(payload ? [`Content-Length: ${payload.length}`] : method === 'GET' ? [] : ['Content-Length: 0']),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(payload ? Buffer.concat([head, payload]) : head);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const ms = performance.now() - t0;
      try {
        resolve({ ...parseResponse(Buffer.concat(chunks)), ms });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function parseResponse(raw: Buffer): { status: number; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`incomplete HTTP response (${raw.length} bytes)`);
  const head = raw.subarray(0, split).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (!status) throw new Error(`bad status line: ${head.slice(0, 40)}`);
  let rest = raw.subarray(split + 4);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const chunks = readChunks(rest, 0);
    if (!chunks) throw new Error(`incomplete chunked response (${raw.length} bytes)`);
    rest = chunks.body;
  }
  // A request that sent Accept-Encoding (as a browser does) may get its body compressed.
  const encoding = /\r\ncontent-encoding:\s*(\S+)/i.exec(head)?.[1].toLowerCase();
  if (encoding === 'br') rest = brotliDecompressSync(rest);
  else if (encoding === 'gzip') rest = gunzipSync(rest);
  return { status, body: rest.toString('utf8') };
}

/** The body of a chunked response starting at `at`, and where it ends; null while its last chunk has not come. */
export function readChunks(data: Buffer, at: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = Number.parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (size === 0) {
      // The last chunk, then (no trailers from this server) the empty line.
      if (data.length < eol + 4) return null;
      return { body: Buffer.concat(parts), end: eol + 4 };
    }
    if (data.length < eol + 2 + size + 2) return null;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
