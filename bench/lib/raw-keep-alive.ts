// A lean HTTP/1.1 client over keep-alive connections, for the open-loop load (bench/lib/open-loop.ts). At 1,000
// answers a second Node's own client (node:http with an Agent: a ClientRequest, an IncomingMessage, their streams
// and header objects per request) spent about 0.3 ms of CPU per request — a third of a core taken from the server
// and the database on this 2-core machine, where a real exam's clients would be browsers elsewhere. This writes
// each request as prepared bytes and reads the response by its Content-Length (or its chunks): one write, the
// reads, one string.
import { connect, type Socket } from 'node:net';
import { readChunks } from './raw-http.js';

export interface KeepAliveResponse {
  status: number;
  body: string;
}

interface Pending {
  resolve: (r: KeepAliveResponse) => void;
  reject: (err: Error) => void;
}

/** One connection: one request at a time, its response read from the bytes as they come. */
class Connection {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly onClose: (c: Connection) => void,
  ) {
    this.socket = connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.tryComplete();
    });
    this.socket.on('error', (err) => this.retire(err));
    this.socket.on('close', () => this.retire());
  }

  /** Takes the connection out of use (once): a request still waiting on it fails. */
  private retire(err?: Error): void {
    if (this.closed) return;
    this.closed = true;
    const p = this.pending;
    this.pending = null;
    p?.reject(err ?? new Error('connection closed before the response'));
    this.socket.destroy();
    this.onClose(this);
  }

  send(bytes: Buffer, pending: Pending): void {
    this.pending = pending;
    this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private tryComplete(): void {
    if (!this.pending) return;
    const split = this.buffered.indexOf('\r\n\r\n');
    if (split < 0) return;
    const head = this.buffered.subarray(0, split).toString('latin1');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const start = split + 4;
    let body: Buffer;
    let end: number;
    if (length) {
      end = start + Number(length[1]);
      if (this.buffered.length < end) return;
      body = this.buffered.subarray(start, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunks = readChunks(this.buffered, start);
      if (!chunks) return;
      ({ body, end } = chunks);
    } else {
      this.retire(new Error(`response without a length: ${head.slice(0, 60)}`));
      return;
    }
    const p = this.pending;
    this.pending = null;
    const text = body.toString('utf8');
    this.buffered = this.buffered.subarray(end);
    // The server closes after this response: the connection is not given back.
    if (/\r\nconnection:\s*close/i.test(head)) this.retire();
    p.resolve({ status, body: text });
  }
}

/** At most `connections` keep-alive connections to `baseURL`; a request waits for a free one. */
export class KeepAliveClient {
  private readonly host: string;
  private readonly port: number;
  private readonly free: Connection[] = [];
  private readonly queue: (() => void)[] = [];
  private open = 0;

  constructor(
    baseURL: string,
    private readonly connections: number,
  ) {
    const url = new URL(baseURL);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<KeepAliveResponse> {
    const payload = body === undefined ? undefined : Buffer.from(body);
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += `Content-Length: ${payload ? payload.length : 0}\r\n\r\n`;
    const bytes = payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : Buffer.from(head, 'latin1');
    const connection = await this.take();
    try {
      return await new Promise<KeepAliveResponse>((resolve, reject) => connection.send(bytes, { resolve, reject }));
    } finally {
      this.give(connection);
    }
  }

  /** Closes the connections (once no request is in flight: the open loop calls it after its last response). */
  close(): void {
    for (const c of this.free.splice(0)) c.destroy();
  }

  private take(): Promise<Connection> {
    for (;;) {
      const c = this.free.pop();
      if (!c) break;
      if (!c.closed) return Promise.resolve(c);
    }
    if (this.open < this.connections) {
      this.open++;
      return Promise.resolve(new Connection(this.host, this.port, () => this.open--));
    }
    return new Promise((resolve) => this.queue.push(() => resolve(this.take())));
  }

  private give(c: Connection): void {
    if (!c.closed) this.free.push(c);
    this.queue.shift()?.();
  }
}
