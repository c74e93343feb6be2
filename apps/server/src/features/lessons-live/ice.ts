// ICE servers of the lesson video (docs/lessons.md "Video"): the configured STUN URLs, and TURN URLs with
// time-limited credentials of the TURN REST scheme that coturn checks with `use-auth-secret`: the username is
// `<expiry unix seconds>:<user id>`, the password base64(HMAC-SHA1(static-auth-secret, username)).
import { createHmac } from 'node:crypto';
import type { IceServers } from '@edu/contract';
import type { Config } from '../../config.js';

export type IceConfig = Config['ice'];

/** The TURN REST credential of `username` under `secret`. */
export const turnCredential = (secret: string, username: string) =>
  createHmac('sha1', secret).update(username).digest('base64');

/** What a participant's browser gets at `nowMs`: STUN first, then TURN with credentials valid for the TTL. */
export function iceServersFor(ice: IceConfig, userId: number, nowMs: number): IceServers {
  const iceServers: IceServers['iceServers'] = [];
  if (ice.stunUrls.length > 0) iceServers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(nowMs / 1000) + ice.turnTtlSeconds}:${userId}`;
    iceServers.push({ urls: ice.turnUrls, username, credential: turnCredential(ice.turnSecret, username) });
  }
  return { iceServers, ttl: ice.turnTtlSeconds };
}
