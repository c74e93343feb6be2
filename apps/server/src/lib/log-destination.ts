// Where the server's log lines go (docs/server.md "Log writes"): standard output, the per-request lines at info and
// below gathered into writes of up to LOG_BUFFER_BYTES, each written at the latest LOG_FLUSH_MS later; a line at warn
// or above (a slow request, an error) written at once with whatever was gathered before it. A write to standard
// output is a system call: one for each request's line cost as much as the rest of a small request's logging
// (docs/performance.md "Log writes in batches").
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

export interface LogWrites {
  /** Bytes gathered before they are written (0: every line written at once). */
  bufferBytes: number;
  /** The longest a gathered line waits, in ms. */
  flushMs: number;
}

/** pino's level number of `warn`: lines from here up are written at once. */
const WARN = 40;

/** pino's destination (sonic-boom): `flush` writes what was gathered, at once in its synchronous mode. */
type FlushingStream = DestinationStream & { flush(): void };

/** The destination and the pino options that write through it. */
export interface LogDestination {
  stream: DestinationStream;
  hooks: NonNullable<LoggerOptions['hooks']>;
}

/**
 * A destination writing to `fd` (standard output by default). Its gathered lines are written when the process exits
 * (after `process.exit`, a signal's handler or the event loop's end; a kill -9 loses at most one buffer, never a line
 * at warn or above).
 */
export function logDestination(writes: LogWrites, fd: number | string = 1): LogDestination {
  // One destination a process for each output and setting: every app a process builds (tests build many) shares it.
  const key = `${fd}:${writes.bufferBytes}:${writes.flushMs}`;
  let made = destinations.get(key);
  if (!made) destinations.set(key, (made = newDestination(writes, fd)));
  return made;
}

const destinations = new Map<string, LogDestination>();

function newDestination({ bufferBytes, flushMs }: LogWrites, fd: number | string): LogDestination {
  const stream = pino.destination({
    dest: fd,
    sync: true,
    minLength: bufferBytes,
    ...(bufferBytes > 0 ? { periodicFlush: flushMs } : {}),
  }) as FlushingStream;
  if (bufferBytes > 0) onExit(stream);
  return {
    stream,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (bufferBytes > 0 && level >= WARN) flushQuietly(stream);
      },
    },
  };
}

/** Streams written out when the process exits: one listener for every destination the process made. */
const pending = new Set<FlushingStream>();
function onExit(stream: FlushingStream) {
  if (pending.size === 0)
    process.once('exit', () => {
      for (const s of pending) flushQuietly(s);
    });
  pending.add(stream);
}

/**
 * Writes what was gathered; a closed or broken output loses the lines rather than failing the caller. (Not
 * `flushSync`, which retries a failing write every 100 ms for ever: a log reader gone would stop the process.)
 */
function flushQuietly(stream: FlushingStream) {
  try {
    stream.flush();
  } catch {
    // Nothing more can be written there: the gathered lines are lost, the request that logged goes on.
  }
}
