// Outbound requests (docs/security.md "Outbound requests"): which addresses are public, what a URL's host is
// refused for before any connection (every spelling of a private IP), and the request itself against a LOCAL
// server (node:http on 127.0.0.1): refused under the public policy whether the host is a literal or a name that
// resolves to loopback (the check is in the socket's lookup), reached under the private one or when allow-listed;
// a redirect answered, not followed; one deadline over the whole body; the size bound; gzip decoded.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isMetadataAddress,
  isPublicAddress,
  literalRefusal,
  normalHost,
  OutboundError,
  outboundRequest,
  type OutboundPolicy,
} from './outbound.js';

const PUBLIC: OutboundPolicy = { reach: 'public', allowedHosts: [] };
const PRIVATE: OutboundPolicy = { reach: 'private', allowedHosts: [] };

describe('addresses', () => {
  it('knows the public internet from loopback, private, link-local and reserved ranges', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '2606:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      '2001::1',
      'not-an-address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
  });

  it('names the cloud metadata addresses in their IPv4, mapped and 6to4 spellings', () => {
    for (const a of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      '2002:a9fe:a9fe::',
      '100.100.100.200',
      'fd00:ec2::254',
    ])
      expect(isMetadataAddress(a), a).toBe(true);
    expect(isMetadataAddress('169.254.169.253')).toBe(false);
  });

  it('normalises hosts as the URL parser reads them', () => {
    expect(normalHost('Ollama.Internal.')).toBe('ollama.internal');
    expect(normalHost('2130706433')).toBe('127.0.0.1');
    expect(normalHost('[::FFFF:127.0.0.1]')).toBe('127.0.0.1');
    expect(normalHost('fd00::5')).toBe('fd00:0:0:0:0:0:0:5');
  });
});

describe('a URL refused before any connection', () => {
  const loopbacks = [
    'http://127.0.0.1:11434/v1',
    'http://2130706433/v1', // decimal
    'http://0x7f000001/v1', // hex
    'http://0x7f.1/v1',
    'http://0177.0.0.1/v1', // octal
    'http://127.1/v1',
    'http://0/v1',
    'http://0.0.0.0:8000/v1',
    'http://[::1]:8000/v1',
    'http://[::ffff:127.0.0.1]/v1',
    'http://[0:0:0:0:0:ffff:7f00:1]/v1',
    'http://localhost:11434/v1',
    'http://LOCALHOST./v1',
    'http://ollama.localhost/v1',
  ];
  const privates = [
    'http://10.0.0.8/v1',
    'http://172.16.5.4/v1',
    'http://172.31.0.1/v1',
    'http://192.168.1.20:8000/v1',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fc00::1]/v1',
    'http://[fe80::1]/v1',
    'http://[::ffff:192.168.1.1]/v1',
  ];

  it('under the public policy: loopback and private networks in every spelling', () => {
    for (const u of [...loopbacks, ...privates]) expect(literalRefusal(u, PUBLIC), u).not.toBeNull();
    expect(literalRefusal('https://api.deepseek.com/v1', PUBLIC)).toBeNull();
    expect(literalRefusal('http://8.8.8.8/v1', PUBLIC)).toBeNull();
    expect(literalRefusal('http://[::ffff:127.0.0.1]/v1', PUBLIC)).toContain('127.0.0.1');
  });

  it('under the private policy (the platform default) only cloud metadata', () => {
    for (const u of [...loopbacks, ...privates.filter((p) => !p.includes('169.254'))])
      expect(literalRefusal(u, PRIVATE), u).toBeNull();
    for (const u of ['http://169.254.169.254/', 'http://[::ffff:a9fe:a9fe]/', 'http://2852039166/'])
      expect(literalRefusal(u, PRIVATE), u).toContain('元数据');
  });

  it('an allow-listed host is never refused, whatever its spelling in the URL', () => {
    const listed: OutboundPolicy = { reach: 'public', allowedHosts: ['127.0.0.1', 'ollama.localhost'] };
    expect(literalRefusal('http://127.0.0.1:11434/v1', listed)).toBeNull();
    expect(literalRefusal('http://2130706433/v1', listed)).toBeNull();
    expect(literalRefusal('http://ollama.localhost/v1', listed)).toBeNull();
    expect(literalRefusal('http://[::1]/v1', listed)).not.toBeNull();
  });
});

describe('the request, against a local server', () => {
  let server: ReturnType<typeof createServer>;
  let port = 0;
  let hits: string[] = [];
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/ok': (res) => res.end('hello'),
    '/redirect': (res) => {
      res.writeHead(302, { location: '/ok' });
      res.end();
    },
    '/big': (res) => res.end('x'.repeat(5000)),
    '/gzip': (res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('unzipped'));
    },
    // Headers at once, then one byte every 20 ms for ever: no single gap is long, the whole never ends.
    '/trickle': (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.end()))(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const get = (url: string, policy: OutboundPolicy, o: { deadlineMs?: number; maxBytes?: number } = {}) =>
    outboundRequest(url, {
      method: 'GET',
      headers: {},
      deadlineMs: o.deadlineMs ?? 5000,
      policy,
      maxBytes: o.maxBytes ?? 1_000_000,
    });
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(OutboundError);
    return e as OutboundError;
  };

  it('refuses loopback under the public policy — a literal, a mapped IPv6, and a NAME that resolves to it', async () => {
    hits = [];
    for (const host of ['127.0.0.1', '2130706433', '[::ffff:127.0.0.1]', '[::1]'])
      expect((await refusal(get(`http://${host}:${port}/ok`, PUBLIC))).kind).toBe('blocked');
    // `localhost` passes no literal check: the socket's own lookup refuses what it resolves to.
    const named = await refusal(get(`http://localhost:${port}/ok`, { reach: 'public', allowedHosts: [] }));
    expect(named.kind).toBe('blocked');
    expect(named.message).toMatch(/^localhost 解析到的 (127\.0\.0\.1|::1) 是本机、内网或保留地址$/);
    expect(hits).toEqual([]);
  });

  it('refuses the private networks before connecting', async () => {
    for (const host of ['10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '[fe80::1]', '[fd00::1]'])
      expect((await refusal(get(`http://${host}:${port}/ok`, PUBLIC))).kind, host).toBe('blocked');
  });

  it('reaches the local server under the private policy, or when the host is allow-listed', async () => {
    hits = [];
    expect((await get(`http://127.0.0.1:${port}/ok`, PRIVATE)).body.toString()).toBe('hello');
    const listed: OutboundPolicy = { reach: 'public', allowedHosts: ['localhost'] };
    expect((await get(`http://localhost:${port}/ok`, listed)).status).toBe(200);
    expect(hits).toEqual(['/ok', '/ok']);
  });

  it('answers a redirect as it came and never follows it', async () => {
    hits = [];
    const r = await get(`http://127.0.0.1:${port}/redirect`, PRIVATE);
    expect(r.status).toBe(302);
    expect(hits).toEqual(['/redirect']);
  });

  it('one deadline covers the whole body: a reply trickled without end times out', async () => {
    const started = performance.now();
    const e = await refusal(get(`http://127.0.0.1:${port}/trickle`, PRIVATE, { deadlineMs: 300 }));
    expect(e.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('bounds the body and decodes gzip', async () => {
    expect((await refusal(get(`http://127.0.0.1:${port}/big`, PRIVATE, { maxBytes: 1000 }))).kind).toBe('tooLarge');
    expect((await get(`http://127.0.0.1:${port}/gzip`, PRIVATE)).body.toString()).toBe('unzipped');
  });

  it('refuses other schemes and unreadable URLs', async () => {
    expect((await refusal(get('ftp://example.com/x', PRIVATE))).kind).toBe('badUrl');
    expect((await refusal(get('not a url', PRIVATE))).kind).toBe('badUrl');
  });
});
