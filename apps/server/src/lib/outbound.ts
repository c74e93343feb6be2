// Outbound HTTP requests to addresses an admin typed (docs/security.md "Outbound requests"): the AI providers.
// One request, read whole within ONE deadline (connect, headers and every byte of the body), at most `maxBytes`
// decoded, redirects never followed. Under a `public` policy every address the host resolves to must be public,
// checked in the socket's own `lookup` (so the address checked is the address connected to: DNS rebinding gains
// nothing) and, for an IP literal (which Node connects to without a lookup), before the request. Cloud metadata
// addresses are refused under every policy; the allow-list (AI_PROVIDER_ALLOWED_HOSTS) lifts the checks for a host.
import dns from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, isIPv4, isIPv6, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';

export interface OutboundPolicy {
  /** `public`: only public addresses (an agency's own setting); `private`: also loopback and private networks. */
  reach: 'public' | 'private';
  /** Host names (or IP literals) reached whatever they resolve to; normalised by `normalHost`. */
  allowedHosts: readonly string[];
}

export type OutboundFailure = 'blocked' | 'timeout' | 'aborted' | 'connect' | 'tooLarge' | 'badUrl';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

// ---- Addresses ----

const v4 = (s: string): number => s.split('.').reduce((n, p) => n * 256 + Number(p), 0);
const cidr4 = (base: string, bits: number) => ({ base: v4(base), size: 2 ** (32 - bits) });

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const NON_PUBLIC_V4 = [
  cidr4('0.0.0.0', 8), // "this network", 0.0.0.0 reaches the host itself
  cidr4('10.0.0.0', 8),
  cidr4('100.64.0.0', 10), // carrier-grade NAT (Alibaba Cloud's metadata 100.100.100.200 is in it)
  cidr4('127.0.0.0', 8),
  cidr4('169.254.0.0', 16), // link-local, cloud metadata
  cidr4('172.16.0.0', 12),
  cidr4('192.0.0.0', 24),
  cidr4('192.0.2.0', 24),
  cidr4('192.88.99.0', 24),
  cidr4('192.168.0.0', 16),
  cidr4('198.18.0.0', 15),
  cidr4('198.51.100.0', 24),
  cidr4('203.0.113.0', 24),
  cidr4('224.0.0.0', 4), // multicast
  cidr4('240.0.0.0', 4), // reserved, broadcast
];

/** Cloud metadata services: refused even to the platform default (AWS, GCP, Azure, Alibaba Cloud, ECS tasks). */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200']);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null. */
export function ipv6Groups(address: string): number[] | null {
  let s = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(s)) return null;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = v4(tail[1]);
    s = `${s.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split('::') as [string, string | undefined];
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const a = part(head);
  const b = part(rest);
  if (rest === undefined) return a;
  return [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
}

const v4Text = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/**
 * The IPv4 address an IPv6 one reaches when it carries one (IPv4-mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::`), else null. (The deprecated IPv4-compatible `::a.b.c.d` stays IPv6,
 * outside 2000::/3: never public.)
 */
function embeddedV4(g: number[]): string | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4Text(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4Text(g[6], g[7]);
  if (g[0] === 0x2002) return v4Text(g[1], g[2]);
  return null;
}

/** The address in its plain form: IPv4 dotted, an IPv6 that carries an IPv4 as that IPv4, else the full groups. */
export function canonicalAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return bare.split('.').map(Number).join('.');
  const g = ipv6Groups(bare);
  if (!g) return null;
  return embeddedV4(g) ?? g.map((x) => x.toString(16)).join(':');
}

/** True for an address of the public internet; false for loopback, private, link-local, reserved… */
export function isPublicAddress(address: string): boolean {
  const c = canonicalAddress(address);
  if (c === null) return false;
  if (isIPv4(c)) {
    const n = v4(c);
    return !NON_PUBLIC_V4.some((r) => n >= r.base && n < r.base + r.size);
  }
  const g = c.split(':').map((x) => parseInt(x, 16));
  // Only global unicast 2000::/3, without documentation (2001:db8::/32) and the IETF protocol block 2001::/23
  // (Teredo, ORCHID, benchmarking); 6to4 and NAT64 were judged by their IPv4 address above.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] < 0x200 || g[1] === 0xdb8)) return false;
  return true;
}

export function isMetadataAddress(address: string): boolean {
  const c = canonicalAddress(address);
  return c !== null && (METADATA_V4.has(c) || METADATA_V6.has(c));
}

/** A host as compared with the allow-list: lower case, no brackets, no trailing dot, IPs in their plain form. */
export function normalHost(host: string): string {
  let h = host.trim().toLowerCase();
  try {
    h = new URL(`http://${isIPv6(h) ? `[${h}]` : h}/`).hostname;
  } catch {
    // not a host the URL parser reads: compared as typed
  }
  h = h.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return isIP(h) ? (canonicalAddress(h) ?? h) : h;
}

/** Why the policy refuses this address, or null when it may be reached. */
function addressRefusal(address: string, policy: OutboundPolicy): string | null {
  if (isMetadataAddress(address)) return `${address} 是云服务器的元数据地址`;
  if (policy.reach === 'private' || isPublicAddress(address)) return null;
  return `${address} 是本机、内网或保留地址`;
}

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * What is wrong with reaching this URL's host without resolving it (an IP literal in any spelling the URL parser
 * reads — decimal, hex, octal, IPv4-mapped IPv6 — or a `localhost` name), or null. Saving a setting uses it.
 */
export function literalRefusal(url: string, policy: OutboundPolicy): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return '接口地址不是有效的网址';
  }
  const h = normalHost(host);
  if (policy.allowedHosts.includes(h)) return null;
  if (isIP(h)) return addressRefusal(h, policy);
  if (policy.reach === 'public' && isLocalName(h)) return `${h} 指向本机`;
  return null;
}

/** A `lookup` that resolves as usual and refuses the host when ANY address it resolves to is refused. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '', 0);
      const refused = list.map((a) => addressRefusal(a.address, policy)).find((r) => r !== null);
      if (refused) return callback(new OutboundError('blocked', `${hostname} 解析到的 ${refused}`), '', 0);
      if (list.length === 0) return callback(new OutboundError('connect', `${hostname} 没有地址`), '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

// ---- The request ----

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Everything — connecting, the answer's headers and its whole body — must be done by then. */
  deadlineMs: number;
  signal?: AbortSignal;
  policy: OutboundPolicy;
  /** The most bytes of the (decoded) body read; more fails as `tooLarge`. */
  maxBytes: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function decoder(encoding: string | undefined) {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** One request under the policy; a redirect is answered as it came (its status), never followed. */
export function outboundRequest(url: string, req: OutboundRequest): Promise<OutboundResponse> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new OutboundError('badUrl', '接口地址不是有效的网址'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new OutboundError('badUrl', '接口地址应以 http:// 或 https:// 开头'));
  const host = normalHost(target.hostname);
  const allowed = req.policy.allowedHosts.includes(host);
  // Node connects to an IP literal without calling `lookup`: it is checked here; a name is checked by the lookup.
  const refused = allowed || !isIP(host) ? null : addressRefusal(host, req.policy);
  if (refused) return Promise.reject(new OutboundError('blocked', refused));
  if (req.signal?.aborted) return Promise.reject(new OutboundError('aborted', '请求已取消'));

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const client = (target.protocol === 'https:' ? https : http).request({
      method: req.method,
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...req.headers },
      // A fresh connection each time: a pooled socket opened under another policy is never reused.
      agent: false,
      ...(allowed ? {} : { lookup: guardedLookup(req.policy) }),
    });
    const finish = (err: Error | null, value?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      if (err) {
        client.destroy();
        reject(err);
      } else resolve(value!);
    };
    const timer = setTimeout(
      () => finish(new OutboundError('timeout', `${req.deadlineMs} 毫秒内没有收到完整回复`)),
      req.deadlineMs,
    );
    const onAbort = () => finish(new OutboundError('aborted', '请求已取消'));
    req.signal?.addEventListener('abort', onAbort, { once: true });
    client.on('error', (e) =>
      finish(
        e instanceof OutboundError ? e : new OutboundError('connect', (e as NodeJS.ErrnoException).code ?? e.message),
      ),
    );
    client.on('response', (res) => {
      const unzip = decoder(res.headers['content-encoding']);
      const stream = unzip ? res.pipe(unzip) : res;
      if (unzip) unzip.on('error', () => finish(new OutboundError('connect', '回复的压缩数据无法解开')));
      res.on('error', (e) => finish(new OutboundError('connect', e.message)));
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > req.maxBytes) return finish(new OutboundError('tooLarge', `回复超过 ${req.maxBytes} 字节`));
        chunks.push(c);
      });
      stream.on('end', () =>
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('close', () => {
        if (!res.complete) finish(new OutboundError('connect', '回复中途断开'));
      });
    });
    client.end(req.body);
  });
}
