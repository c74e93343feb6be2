// Pointers (docs/lessons.md "Board", "More than one node"): a lesson's forty messages a second, so the cheapest path a
// message has, and the one that gives way first under load.
// - Each loop turn, the newest pointer of each sender received in that turn goes to the others in its room on this
//   node (without the Redis adapter, which would publish each one and make every node decode it). A node that keeps
//   up relays every pointer at once; one that falls behind reads several of a sender's pointers in one turn and sends
//   only the newest, so its pointer work stops growing with its backlog.
// - For the other nodes it publishes what it relayed on a channel of their own (redis-adapter.ts), the newest of
//   each sender, at the end of the turn, or when POINTER_FLUSH_MS have not passed since its last publish, as soon as
//   they have: at most 100 publishes a second a node whatever its lessons, and no wait while pointers are few. Another
//   node hands each pointer to its own sockets of that room.
// Volatile throughout: a pointer lost is replaced by the next.
import { performance } from 'node:perf_hooks';
import type { Server, Socket } from 'socket.io';
import { lessonRoom } from './lesson-room.js';
import type { TokenBucket } from './token-bucket.js';

/** The least time between two publishes of a node's pointers for the others. */
export const POINTER_FLUSH_MS = 10;

/** `board:pointer` as the room receives it (BoardPointerEvent). */
export interface RelayedPointer {
  lessonId: number;
  x: number;
  y: number;
  pageId: string;
  button: 'up' | 'down';
  userId: number;
  name: string;
}

/** The channel between the nodes: a batch out, the other nodes' batches in. */
export interface PointerChannel {
  publish(batch: RelayedPointer[]): void;
  onBatch(receive: (batch: RelayedPointer[]) => void): void;
}

interface Received {
  socket: Socket;
  pointer: RelayedPointer;
  /** The sender's pointer rate (REALTIME_POINTER_HZ): a relayed pointer takes a token, none left drops it. */
  rate: TokenBucket;
}

export class PointerRelay {
  /** This loop turn's pointers: the newest of each sending socket. */
  private readonly turn = new Map<string, Received>();
  private immediate: NodeJS.Immediate | undefined;
  /** This node's relayed pointers for the other nodes since the last publish: the newest of each sending socket. */
  private readonly pending = new Map<string, RelayedPointer>();
  private timer: NodeJS.Timeout | undefined;
  private lastPublish = -Infinity;
  private channel: PointerChannel | undefined;

  constructor(
    private readonly io: Server,
    private readonly flushMs = POINTER_FLUSH_MS,
  ) {}

  /** Pointers reach the other nodes from now on (the Redis adapter attached). */
  connect(channel: PointerChannel) {
    this.channel = channel;
    channel.onBatch((batch) => this.deliver(batch));
  }

  /** A participant's pointer: relayed at the end of this loop turn unless a newer one of the sender comes first. */
  relay(socket: Socket, pointer: RelayedPointer, rate: TokenBucket) {
    this.turn.set(socket.id, { socket, pointer, rate });
    this.immediate ??= setImmediate(this.relayTurn);
  }

  private readonly relayTurn = () => {
    this.immediate = undefined;
    for (const [id, { socket, pointer, rate }] of this.turn) {
      if (!socket.connected || !rate.take()) continue;
      socket.local.volatile.to(lessonRoom(pointer.lessonId)).emit('board:pointer', pointer);
      if (this.channel) this.pending.set(id, pointer);
    }
    this.turn.clear();
    if (this.pending.size === 0 || this.timer) return;
    const wait = this.lastPublish + this.flushMs - performance.now();
    if (wait <= 0) this.publish();
    else this.timer = setTimeout(this.publish, wait);
  };

  private readonly publish = () => {
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.lastPublish = performance.now();
    this.channel?.publish(batch);
  };

  /** Another node's batch: each pointer to this node's sockets of its room (none there: nothing is sent). */
  private deliver(batch: RelayedPointer[]) {
    const rooms = this.io.of('/').adapter.rooms;
    for (const p of batch) {
      const room = lessonRoom(p.lessonId);
      if (rooms.has(room)) this.io.local.volatile.to(room).emit('board:pointer', p);
    }
  }

  close() {
    if (this.immediate) clearImmediate(this.immediate);
    clearTimeout(this.timer);
    this.immediate = undefined;
    this.timer = undefined;
    this.turn.clear();
    this.pending.clear();
  }
}
