// HTTP/2 over TLS on the node itself (docs/server.md "HTTP/2 and TLS"): Fastify's server options when the node holds a
// certificate. Browsers then fetch every script of a page over one connection (docs/performance.md "First load");
// HTTP/1.1 clients and the lesson room's WebSocket upgrade still reach the same server (ALPN offers both).
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2ServerRequest, ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** A PEM file of the configuration, or an error naming its variable. */
function readPem(file: string, variable: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${variable}: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`, {
      cause: e,
    });
  }
}

/** Fastify's options for `tls`: HTTP/2 with HTTP/1.1 beside it; none (plain HTTP/1.1) without a certificate. */
export function tlsServerOptions(tls: Config['tls']) {
  if (!tls) return {};
  return {
    http2: true as const,
    https: {
      allowHTTP1: true,
      cert: readPem(tls.certFile, 'TLS_CERT_FILE'),
      key: readPem(tls.keyFile, 'TLS_KEY_FILE'),
    },
    // Node 20's HTTP/2 server leaves its sessions open on close(): Fastify closes them when asked, so a shutdown
    // does not wait for a browser's idle connection.
    forceCloseConnections: true,
  };
}

/**
 * On close, first of all (the lesson room's preClose closes the HTTP server and waits for its connections): ends each
 * HTTP/2 session once its streams are done, and each HTTP/1.1 connection once no response is in progress on it. Node's
 * HTTP/1 server closes idle connections by itself; its HTTP/2 server (Node 20) does neither, so a browser's idle
 * connection would hold the shutdown. WebSocket connections are left to the lesson room, which closes them itself.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  const server = app.server as unknown as Http2SecureServer;
  const sessions = new Set<ServerHttp2Session>();
  /** HTTP/1.1 connections, with how many of their responses are in progress. */
  const http1 = new Map<Socket, number>();
  let closing = false;
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    if (socket.alpnProtocol === 'h2') return;
    http1.set(socket, 0);
    socket.once('close', () => http1.delete(socket));
  });
  server.on('upgrade', (_request: IncomingMessage, socket: Socket) => http1.delete(socket));
  server.on('request', (request: Http2ServerRequest | IncomingMessage, response: ServerResponse) => {
    if (request.httpVersionMajor === 2) return;
    const { socket } = request;
    if (!http1.has(socket)) return;
    http1.set(socket, (http1.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (http1.get(socket) ?? 1) - 1;
      if (!http1.has(socket)) return;
      http1.set(socket, left);
      if (closing && left === 0) socket.destroy();
    });
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const session of sessions) session.close();
    for (const [socket, inProgress] of http1) if (inProgress === 0) socket.destroy();
    done();
  });
}
