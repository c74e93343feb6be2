import { describe, expect, it } from 'vitest';
import { answerRefusal, statusOf } from './invitations.policy.js';

const at = (ms: number) => new Date(ms);

describe('statusOf', () => {
  it('reads an answer, else pending until the expiry (exclusive), then expired', () => {
    expect(statusOf({ expiresAt: at(100), answeredAt: null, accepted: null }, 99)).toBe('pending');
    expect(statusOf({ expiresAt: at(100), answeredAt: null, accepted: null }, 100)).toBe('expired');
    expect(statusOf({ expiresAt: at(100), answeredAt: at(50), accepted: true }, 200)).toBe('accepted');
    expect(statusOf({ expiresAt: at(100), answeredAt: at(50), accepted: false }, 20)).toBe('refused');
  });
});

describe('answerRefusal', () => {
  it('lets a pending invitation be answered, and says why not otherwise', () => {
    expect(answerRefusal({ expiresAt: at(100), answeredAt: null, accepted: null }, 10)).toBeNull();
    expect(answerRefusal({ expiresAt: at(100), answeredAt: null, accepted: null }, 100)).toContain('已过期');
    expect(answerRefusal({ expiresAt: at(100), answeredAt: at(5), accepted: false }, 10)).toContain('已经处理过');
  });
});
