// Unit tests of the new-password rule (docs/security.md "Passwords").
import { describe, expect, it, vi } from 'vitest';
import { checkBulkInitialPassword, checkNewPassword } from './password.js';

describe('checkNewPassword', () => {
  it('loads the dictionaries only when a password is first checked', async () => {
    // A fresh copy of the module: another file of this worker may have checked a password already.
    vi.resetModules();
    const fresh = await import('./password.js');
    expect(fresh.passwordDictionariesLoaded()).toBe(false);
    fresh.checkNewPassword('correct horse battery staple');
    expect(fresh.passwordDictionariesLoaded()).toBe(true);
  });

  it('refuses common passwords, saying so', () => {
    for (const p of ['12345678', 'password', 'qwertyuiop', 'iloveyou1'])
      expect(checkNewPassword(p), p).toMatch(/^新密码是常见密码/);
  });

  it('refuses whitespace only and one repeated character', () => {
    for (const p of ['        ', '\u3000'.repeat(8), 'aaaaaaaaaa', '密'.repeat(9)])
      expect(checkNewPassword(p), p).toBe('新密码太容易猜到：不能只由空格或同一个字符组成');
  });

  it('refuses weak patterns with the reason in Chinese', () => {
    expect(checkNewPassword('abcabcabc')).toMatch(/^新密码太容易猜到：.*重复/);
    expect(checkNewPassword('密码密码密码密码')).toMatch(/^新密码太容易猜到/);
  });

  it('refuses the username and passwords built on it', () => {
    expect(checkNewPassword('teacher01', ['teacher01'])).toBe('新密码不能与用户名相同');
    expect(checkNewPassword('zhangwei2026', ['zhangwei'])).not.toBeNull();
  });

  it('refuses common Chinese passwords and the demo password', () => {
    for (const p of ['woaini1314', 'aini1314520', 'wang123456!', 'edu-demo-2026', 'zhang5201314', 'woaini520520'])
      expect(checkNewPassword(p), p).not.toBeNull();
  });

  it('refuses passwords built on the username without its agency prefix, reversed or doubled', () => {
    const account = ['demo_liuxiaoming', '刘晓明'];
    for (const p of ['liuxiaoming', 'gnimoaixuil', 'liuxiaomingliuxiaoming', 'liuxiaoming2026', 'Liuxiaoming!'])
      expect(checkNewPassword(p, account), p).not.toBeNull();
    expect(checkNewPassword('correct horse battery staple', account)).toBeNull();
  });

  it('counts code points of any script: 8 to 128 characters', () => {
    expect(checkNewPassword('aB3$x')).toBe('新密码至少 8 个字符');
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(checkNewPassword('🐼🦊🐙🦉🐢🦋🐝')).toBe('新密码至少 8 个字符');
    expect(checkNewPassword('x'.repeat(64) + '语'.repeat(65))).toBe('新密码不能超过 128 个字符');
  });

  it('accepts passphrases, in any script', () => {
    for (const p of ['correct horse battery staple', '春眠不觉晓处处闻啼鸟', 'Tr0ub4dor&3-lamp', '🐼🦊🐙🦉🐢🦋🐝🦄'])
      expect(checkNewPassword(p), p).toBeNull();
  });
});

describe('checkBulkInitialPassword (initial passwords of an enrolment sheet)', () => {
  const sample = [
    '12345678',
    'password',
    'P@ssw0rd',
    'p4ssw0rd!',
    'dr@g0n123',
    'm0nk3y12',
    'abcabcabc',
    'teacher01',
    'zhangwei2026',
    'Lantern-Harbour-58',
    'Quiet-Harbour-mi0abc12-123',
    'correct horse battery staple',
    '春眠不觉晓处处闻啼鸟',
  ];

  it('answers what the full rule answers on common, l33t, patterned and strong passwords', () => {
    for (const p of sample)
      expect(checkBulkInitialPassword(p, ['teacher01', 'zhangwei']), p).toBe(
        checkNewPassword(p, ['teacher01', 'zhangwei']),
      );
  });

  it('never passes a password the full rule refuses for l33t spellings it tried (fewer spellings only add guesses)', () => {
    // Refused by the bulk rule ⇒ refused by the full rule: the full rule tries a superset of the spellings.
    for (const p of ['S3cur1ty!', 'Adm1n1strat0r', '$h4d0w123', '1qaz2wsx', 'l3tm31n!'])
      if (checkBulkInitialPassword(p) !== null) expect(checkNewPassword(p), p).not.toBeNull();
  });
});
