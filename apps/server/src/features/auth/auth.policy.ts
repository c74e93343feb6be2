// Pure rules of token validity (docs/domain.md "Login contract").

export type TokenState = 'valid' | 'revoked' | 'expired' | 'idle';

/** Last-seen is written at most this often, not on every request. */
export const TOUCH_INTERVAL_MS = 60_000;

export function tokenState(
  t: { expiresAt: Date; lastSeenAt: Date; revokedAt: Date | null },
  now: number,
  idleSeconds: number,
): TokenState {
  if (t.revokedAt) return 'revoked';
  if (now >= t.expiresAt.getTime()) return 'expired';
  if (now - t.lastSeenAt.getTime() >= idleSeconds * 1000) return 'idle';
  return 'valid';
}

export const needsTouch = (lastSeenAt: Date, now: number) => now - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
