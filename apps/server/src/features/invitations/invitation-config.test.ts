// INVITATION_DAYS (docs/users.md "Inviting an existing account"): how long an invitation waits, checked at start.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const DAY = 24 * 3600_000;

describe('INVITATION_DAYS', () => {
  it('defaults to 7 days and takes 1 to 90', () => {
    expect(loadConfig({}).invitationValidMs).toBe(7 * DAY);
    expect(loadConfig({ INVITATION_DAYS: '1' }).invitationValidMs).toBe(DAY);
    expect(loadConfig({ INVITATION_DAYS: '90' }).invitationValidMs).toBe(90 * DAY);
  });

  it.each(['0', '91', '2.5', 'week'])('refuses %s, naming the variable', (v) => {
    expect(() => loadConfig({ INVITATION_DAYS: v })).toThrow(ConfigError);
    expect(() => loadConfig({ INVITATION_DAYS: v })).toThrow(/INVITATION_DAYS/);
  });
});
