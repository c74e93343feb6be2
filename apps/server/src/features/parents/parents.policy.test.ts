// Pairing codes: 6 letters of the alphabet without look-alikes, drawn uniformly one by one; 7 days of validity
// unless configured. Who may reset a parent's password.
import { PAIRING_ALPHABET } from '@edu/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPairingCode, PAIRING_VALID_MS, pairingExpiry, parentResetRefusal } from './parents.policy.js';

describe('pairing codes', () => {
  it('has no look-alike characters in its alphabet', () => {
    for (const c of '01OIL') expect(PAIRING_ALPHABET).not.toContain(c);
    expect(new Set(PAIRING_ALPHABET).size).toBe(PAIRING_ALPHABET.length);
  });

  it('draws each of the 6 characters from the alphabet with the random source', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: PAIRING_ALPHABET.length - 1 }), { minLength: 6, maxLength: 6 }), (draws) => {
        const asked: number[] = [];
        let i = 0;
        const code = newPairingCode((n) => {
          asked.push(n);
          return draws[i++];
        });
        expect(asked).toEqual(Array(6).fill(PAIRING_ALPHABET.length));
        expect(code).toBe(draws.map((d) => PAIRING_ALPHABET[d]).join(''));
      }),
    );
  });

  it('lives 7 days', () => {
    expect(pairingExpiry(1_000)).toBe(1_000 + 7 * 24 * 3600 * 1000);
    expect(PAIRING_VALID_MS).toBe(604_800_000);
  });
});

describe('parentResetRefusal', () => {
  const here = 'edu:agency:demo:student';
  const base = { roles: ['edu:parent'], children: [[here]], creators: [] as string[] };
  it('lets the agency reset when every child is its student alone and nobody else relies on the login', () => {
    expect(parentResetRefusal('demo', base)).toBeNull();
    expect(parentResetRefusal('demo', { ...base, children: [], creators: ['demo'] })).toBeNull();
    expect(pairingExpiry(0, 1000)).toBe(1000);
  });
  it('refuses other roles, another creator, and a child elsewhere or not a student here', () => {
    expect(parentResetRefusal('demo', { ...base, roles: ['edu:parent', 'edu:agency:demo:teacher'] })).toBe('roles');
    expect(parentResetRefusal('demo', { ...base, roles: ['edu:parent', 'edu:admin'] })).toBe('roles');
    expect(parentResetRefusal('demo', { ...base, creators: ['other'] })).toBe('creator');
    expect(parentResetRefusal('demo', { ...base, children: [[here, 'edu:agency:other:student']] })).toBe('children');
    expect(parentResetRefusal('demo', { ...base, children: [[here], ['edu:agency:other:student']] })).toBe('children');
    expect(parentResetRefusal('demo', { ...base, children: [[]] })).toBe('children');
  });
});
