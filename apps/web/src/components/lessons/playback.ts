// The replay's clock: a position in the lesson (ms from its start), played at 1×, 2×, 4× or 8×, paused, or moved
// by seeking. It stops at the end; playing from the end starts again from the beginning. `startAtEnd` opens on the
// end (the board as the lesson left it), so 播放 plays the lesson from its start. `isReady` says whether the board at a
// position can be shown: while it cannot (its changes are still being read), the clock waits there.
import { useCallback, useEffect, useState } from 'react';

export const SPEEDS = [1, 2, 4, 8] as const;
export type Speed = (typeof SPEEDS)[number];

/** How often the clock moves while playing (ms). */
export const TICK_MS = 100;

export interface PlaybackOptions {
  startAtEnd?: boolean;
  /** Whether the board at a position (ms) can be shown; the clock does not move past one that cannot. */
  isReady?: (position: number) => boolean;
}

export function usePlayback(duration: number, { startAtEnd = false, isReady }: PlaybackOptions = {}) {
  // Infinity: the end, whatever the duration turns out to be once the log is read.
  const [rawPosition, setPosition] = useState(startAtEnd ? Infinity : 0);
  const [wantsPlay, setWantsPlay] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const position = Math.min(rawPosition, duration);
  const playing = wantsPlay && position < duration;
  /** Playing, but the board here is still being read. */
  const waiting = playing && isReady !== undefined && !isReady(position);

  // One tick at a time: the clock moves, and stops at the end.
  useEffect(() => {
    if (!playing || waiting) return;
    const t = setTimeout(() => {
      const next = Math.min(duration, position + TICK_MS * speed);
      setPosition(next);
      if (next >= duration) setWantsPlay(false);
    }, TICK_MS);
    return () => clearTimeout(t);
  }, [playing, waiting, position, duration, speed]);

  const play = useCallback(() => {
    setPosition((p) => (p >= duration ? 0 : p));
    setWantsPlay(duration > 0);
  }, [duration]);
  const pause = useCallback(() => setWantsPlay(false), []);
  const seek = useCallback((ms: number) => setPosition(Math.max(0, Math.min(duration, ms))), [duration]);
  return { position, playing, waiting, speed, setSpeed, play, pause, seek };
}
