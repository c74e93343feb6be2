// Pure rules of pairing (docs/parents.md "Pairing codes"): what a code looks like and how long it lives.
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH } from '@edu/contract';

export const PAIRING_VALID_MS = 7 * 24 * 3600 * 1000;
/** A parent has at most this many children linked; a student at most this many parents. */
export const MAX_LINKS = 20;

/** A code from `randomBelow(n)` (uniform in [0, n)), one alphabet letter at a time. */
export function newPairingCode(randomBelow: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomBelow(PAIRING_ALPHABET.length)];
  return code;
}

export const pairingExpiry = (now: number) => now + PAIRING_VALID_MS;
