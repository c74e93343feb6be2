// Time left in a training: the server measures it (phaseRemaining / schemeRemaining); the page only counts
// down from the moment that answer arrived, by the browser's own clock, so a skewed clock does not matter.
import { useEffect, useState } from 'react';

/** Seconds left now, from `seconds` left when the answer arrived at `receivedAt` (ms); null = no limit. */
export function remainingSeconds(seconds: number | null, receivedAt: number, now: number): number | null {
  if (seconds === null) return null;
  const elapsed = Math.max(0, Math.floor((now - receivedAt) / 1000));
  return Math.max(0, seconds - elapsed);
}

const two = (n: number) => String(n).padStart(2, '0');

/** A clock face for a countdown: `05:09`, `1:02:03`; negative or broken values read `00:00`. */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}:${two(m)}:${two(rest)}` : `${two(m)}:${two(rest)}`;
}

/** The browser's clock, updated every `intervalMs`. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
