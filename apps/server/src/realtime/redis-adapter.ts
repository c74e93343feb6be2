// The socket server across nodes (docs/lessons.md "More than one node"): with REDIS_URL, @socket.io/redis-adapter
// on two connections of their own (publish, subscribe), attached once both are ready. Broadcasts to a lesson's room,
// fetching its sockets (presence) and disconnecting a socket then reach every node. Pointers take a channel of their
// own on the same connections, one publish a batch (pointer-relay.ts).
import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { RedisFailureLog } from '../lib/redis.js';
import type { PointerChannel, PointerRelay, RelayedPointer } from './pointer-relay.js';

/** How long a cross-node request (presence, take-over) waits for the other nodes. */
const REQUESTS_TIMEOUT_MS = 2000;

/**
 * The client with every command's failure reported instead of left unhandled: the adapter publishes and
 * (un)subscribes without awaiting, and the app's Redis connections fail a command at once while Redis is down
 * (lib/redis.ts), which must cost a lost broadcast, never the process.
 */
function reporting(client: Redis, failures: RedisFailureLog): Redis {
  return new Proxy(client, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const r: unknown = (v as (...a: unknown[]) => unknown).apply(target, args);
        if (r instanceof Promise) r.catch((err: unknown) => failures.report(err, 'realtime fan-out'));
        return r;
      };
    },
  });
}

/**
 * The pointers' channel `<prefix>socket.io-pointers#` (outside the adapter's `<prefix>socket.io#…` channels): a
 * message is the sending node's id, `|`, and the batch's JSON; a node skips its own before parsing.
 */
function pointerChannel(pub: Redis, sub: Redis, channel: string, failures: RedisFailureLog): PointerChannel {
  const own = `${randomBytes(6).toString('base64url')}|`;
  return {
    publish(batch) {
      pub
        .publish(channel, own + JSON.stringify(batch))
        .catch((err: unknown) => failures.report(err, 'realtime pointers'));
    },
    onBatch(receive) {
      sub.on('message', (from: string, message: string) => {
        if (from !== channel || message.startsWith(own)) return;
        let batch: unknown;
        try {
          batch = JSON.parse(message.slice(message.indexOf('|') + 1));
        } catch {
          return;
        }
        if (Array.isArray(batch)) receive(batch as RelayedPointer[]);
      });
      sub.subscribe(channel).catch((err: unknown) => failures.report(err, 'realtime pointers'));
    },
  };
}

const ready = (c: Redis) =>
  new Promise<void>((resolve) => (c.status === 'ready' ? resolve() : c.once('ready', resolve)));

export interface RealtimeRedis {
  /** Resolves when the adapter is attached, or after `ms` (it is attached later, when Redis comes). */
  attached(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the two connections and attaches the adapter once both are ready. Sockets that connected before (Redis
 * came late) keep their rooms: they are joined again in the new adapter. The pointers reach the other nodes from then.
 */
export function attachRedisAdapter(
  io: Server,
  shared: Redis,
  keyPrefix: string,
  failures: RedisFailureLog,
  pointers: PointerRelay,
): RealtimeRedis {
  const pub = shared.duplicate();
  const sub = shared.duplicate();
  for (const c of [pub, sub]) c.on('error', (err: unknown) => failures.report(err, 'realtime connection'));
  let closed = false;
  const done = Promise.all([ready(pub), ready(sub)]).then(() => {
    if (closed) return false;
    const rooms = [...io.of('/').sockets.values()].map((s): [typeof s, string[]] => [s, [...s.rooms]]);
    io.adapter(
      createAdapter(reporting(pub, failures), reporting(sub, failures), {
        key: `${keyPrefix}socket.io`,
        requestsTimeout: REQUESTS_TIMEOUT_MS,
      }),
    );
    for (const [s, r] of rooms) void s.join(r);
    pointers.connect(pointerChannel(pub, sub, `${keyPrefix}socket.io-pointers#`, failures));
    return true;
  });
  return {
    attached: (ms) =>
      Promise.race([done, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]),
    async close() {
      closed = true;
      for (const c of [pub, sub]) {
        if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
        else c.disconnect();
      }
    },
  };
}
