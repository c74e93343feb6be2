// Opaque bearer tokens: 256 random bits, base64url; only their SHA-256 is stored.
import { hash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
/** Every authenticated request hashes its token: the one-shot `hash` costs about a third of a Hash object's. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
