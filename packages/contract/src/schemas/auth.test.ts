// The length part of the password rule, shared by the server and the web (docs/security.md "Passwords").
import { describe, expect, it } from 'vitest';
import { ChangePasswordRequest, passwordLength, passwordLengthProblem } from './auth.js';

describe('password length', () => {
  it('counts code points of the NFC form, not UTF-16 units', () => {
    expect(passwordLength('🐼🦊🐙')).toBe(3);
    expect(passwordLength('e\u0301')).toBe(1);
    expect(passwordLength('密码')).toBe(2);
  });

  it('accepts 8 to 128 characters, saying why otherwise', () => {
    expect(passwordLengthProblem('1234567')).toBe('新密码至少 8 个字符');
    expect(passwordLengthProblem('🐼'.repeat(7))).toBe('新密码至少 8 个字符');
    expect(passwordLengthProblem('🐼'.repeat(8))).toBeNull();
    expect(passwordLengthProblem('🐼'.repeat(128))).toBeNull();
    expect(passwordLengthProblem('x'.repeat(129))).toBe('新密码不能超过 128 个字符');
  });

  it('the change request says it once per field', () => {
    const short = ChangePasswordRequest.safeParse({ oldPassword: 'x', newPassword: 'short' });
    expect(short.error?.issues.map((i) => i.message)).toEqual(['新密码至少 8 个字符']);
    const long = ChangePasswordRequest.safeParse({ oldPassword: 'x', newPassword: 'x'.repeat(300) });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['新密码不能超过 128 个字符']);
    // 128 emoji are 256 UTF-16 units: still allowed.
    expect(ChangePasswordRequest.safeParse({ oldPassword: 'x', newPassword: '🐼'.repeat(128) }).success).toBe(true);
  });
});
