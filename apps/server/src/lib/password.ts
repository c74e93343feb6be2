// Password hashing: argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1), ARCHITECTURE §2.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  // Algorithm.Argon2id; the package exports it as a const enum, which isolatedModules cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing anyone knows: unknown usernames are verified against it so timing does not tell them apart. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
