// Opaque bearer tokens: 256 random bits, base64url; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
