// Provider keys at rest (docs/reading.md "Settings and call log"): AES-256-GCM with a key derived (scrypt) from
// AI_KEY_SECRET when it is set, stored as `enc:v1:<iv>:<tag>:<data>` (base64url); without the secret a key is
// stored as typed. A key is only ever read back to call the provider, never answered.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

const PREFIX = 'enc:v1:';

export class ProviderKeys {
  private readonly key: Buffer | null;

  constructor(secret: string | undefined) {
    this.key = secret ? scryptSync(secret, 'edu-platform:reading-provider-key', 32) : null;
  }

  seal(plain: string): string {
    if (plain === '' || !this.key) return plain;
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return PREFIX + [iv, c.getAuthTag(), data].map((b) => b.toString('base64url')).join(':');
  }

  /** The key to call with; '' when none is stored or it cannot be opened (the secret changed). */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    if (!this.key) return '';
    try {
      const [iv, tag, data] = stored
        .slice(PREFIX.length)
        .split(':')
        .map((s) => Buffer.from(s, 'base64url'));
      const d = createDecipheriv('aes-256-gcm', this.key, iv);
      d.setAuthTag(tag);
      return Buffer.concat([d.update(data), d.final()]).toString('utf8');
    } catch {
      return '';
    }
  }
}
