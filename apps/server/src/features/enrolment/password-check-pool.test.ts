// The password rule off the event loop (docs/enrolment.md "Passwords"): the pool answers exactly what the rule
// answers, in order, across chunks; nothing to check starts no worker; an aborted job stops.
import { describe, expect, it } from 'vitest';
import { checkNewPassword } from '../../lib/password.js';
import { checkPasswordsOffThread } from './password-check-pool.js';

describe('checkPasswordsOffThread', () => {
  it('answers the password rule for every item, in order, over several chunks', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({
      password: i % 3 === 0 ? 'password' : i % 3 === 1 ? `Lantern-Harbour-${i}` : `demo_u${i}`,
      inputs: [`demo_u${i}`, `学生${i}`],
    }));
    const seen: number[] = [];
    const answers = await checkPasswordsOffThread(items, new AbortController().signal, (n) => {
      seen.push(n);
    });
    expect(answers).toEqual(items.map((i) => checkNewPassword(i.password, i.inputs)));
    expect(answers.filter((a) => a === null).length).toBe(40);
    expect(seen.at(-1)).toBe(120);
  });

  it('answers nothing for nothing, and stops when the job is aborted', async () => {
    expect(await checkPasswordsOffThread([], new AbortController().signal)).toEqual([]);
    const ctl = new AbortController();
    ctl.abort();
    await expect(checkPasswordsOffThread([{ password: 'Lantern-Harbour-1', inputs: [] }], ctl.signal)).rejects.toThrow(
      'aborted',
    );
  });
});
