// HTTP/2 over TLS (docs/server.md "HTTP/2 and TLS"): with a certificate the node answers HTTP/2 and HTTP/1.1 on one
// port — the API (a read and a login with a JSON body), the built web app (index with its injected config, an asset's
// precompressed bytes) and the lesson room's socket over a WebSocket upgrade. Without one it stays plain HTTP/1.1.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Server as HttpServer, type IncomingMessage } from 'node:http';
import { connect as connectHttp2, type ClientHttp2Session } from 'node:http2';
import { Agent, request as httpsRequest, type RequestOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { REALTIME_PATH } from '@edu/contract';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closed } from '../realtime/room.test-helper.js';
import { DEMO_PASSWORD } from '../seed/seed-data.js';
import { selfSignedCertificate, type SelfSignedCertificate } from '../test/self-signed-cert.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const ASSET_BR = brotliCompressSync(Buffer.from(ASSET));

let cert: SelfSignedCertificate;
let dist: string;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  cert = selfSignedCertificate();
  dist = mkdtempSync(join(tmpdir(), 'edu-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), ASSET_BR);
  t = await createTestApp({
    config: { webDist: dist, tls: { certFile: cert.certFile, keyFile: cert.keyFile } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  cert.remove();
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on an HTTP/2 session. */
async function h2(
  session: ClientHttp2Session,
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const stream = session.request({
    ':method': o.method ?? 'GET',
    ':path': path,
    ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...o.headers,
  });
  stream.end(o.body === undefined ? undefined : JSON.stringify(o.body));
  const [headers] = (await once(stream, 'response')) as [Answer['headers']];
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { status: Number(headers[':status']), headers, body: Buffer.concat(chunks) } satisfies Answer;
}

/** One HTTP/1.1 request over TLS. */
async function http1(url: string, options: RequestOptions) {
  const req = httpsRequest(url, options);
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { version: res.httpVersion, status: res.statusCode, body: Buffer.concat(chunks) };
}

/** A connected socket of the lesson room (rejects with the handshake's refusal). */
function openSocket(url: string, auth: { token: string; agencyId: string }): Promise<ClientSocket> {
  const socket = connectSocket(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth,
    ca: cert.cert,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('HTTP/2 over TLS', () => {
  it('answers HTTP/2 (ALPN h2): the API with its security headers, a JSON body, the web app precompressed', async () => {
    const session = connectHttp2(origin, { ca: cert.cert });
    try {
      await once(session, 'connect');
      expect(session.alpnProtocol).toBe('h2');

      const health = await h2(session, '/v1/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body.toString()) as { errno: number }).toMatchObject({ errno: 0 });
      expect(health.headers['content-security-policy']).toContain("default-src 'none'");
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);

      const login = await h2(session, '/v1/auth/login', {
        method: 'POST',
        body: { request: { username: 'student', password: DEMO_PASSWORD } },
      });
      const answer = JSON.parse(login.body.toString()) as { errno: number; response: { access_token: string } };
      expect(answer.errno).toBe(0);
      expect(answer.response.access_token.length).toBeGreaterThan(20);

      const page = await h2(session, '/student/home');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body.toString()).toContain('<script id="edu-config"');

      const asset = await h2(session, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.body.equals(ASSET_BR)).toBe(true);
    } finally {
      session.close();
    }
  });

  it('answers an HTTP/1.1 client on the same port', async () => {
    const health = await http1(`${origin}/v1/health`, { ca: cert.cert, agent: false });
    expect(health.version).toBe('1.1');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString()) as { errno: number }).toMatchObject({ errno: 0 });
  });

  it("carries the lesson room's socket over a WebSocket upgrade (HTTP/1.1), its handshake checking the token", async () => {
    const socket = await openSocket(origin, { token: await t.login('student'), agencyId: 'demo' });
    expect(socket.connected).toBe(true);
    socket.close();
    await expect(openSocket(origin, { token: 'not-a-token', agencyId: 'demo' })).rejects.toThrow();
  });
});

describe('closing', () => {
  it('does not wait for idle connections: an HTTP/2 session, an HTTP/1.1 keep-alive one, a WebSocket', async () => {
    const other = await createTestApp({ config: { tls: { certFile: cert.certFile, keyFile: cert.keyFile } } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `https://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const session = connectHttp2(url, { ca: cert.cert });
    expect((await h2(session, '/v1/health')).status).toBe(200);
    const agent = new Agent({ keepAlive: true, ca: cert.cert });
    const keptAlive = await http1(`${url}/v1/health`, { agent });
    expect(keptAlive.status).toBe(200);
    const socket = await openSocket(url, { token: await other.login('student'), agencyId: 'demo' });
    expect(socket.connected).toBe(true);

    const disconnected = closed(socket);
    const started = Date.now();
    await other.close();
    // HTTP/2 sessions and HTTP/1.1 connections over TLS have no idle timeout of a few seconds: a close that waited
    // for them would take over a minute (the plugin timeout, 10 s, fails first).
    expect(Date.now() - started).toBeLessThan(5000);
    expect(session.closed || session.destroyed).toBe(true);
    await disconnected;
    agent.destroy();
  });
});

describe('without a certificate', () => {
  it('stays plain HTTP/1.1', async () => {
    const plain = await createTestApp({ config: { tls: undefined } });
    try {
      expect(plain.app.server).toBeInstanceOf(HttpServer);
    } finally {
      await plain.close();
    }
  });
});
