// Password hashing (argon2id with OWASP's minimum parameters: m=19 MiB, t=2, p=1) and the rule every new
// password must pass (docs/security.md "Passwords").
import { hash, verify } from '@node-rs/argon2';
import { passwordLengthProblem } from '@edu/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { createRequire } from 'node:module';
import { COMMON_PASSWORDS_ZH } from './common-passwords-zh.js';

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

// ---- The strength rule for new passwords (docs/security.md "Passwords") ----

/** zxcvbn's score (0–4) a new password must reach: 3 = "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

// The estimator with the common-password and word lists, built on first use: the dictionaries take a few
// megabytes and some tens of milliseconds to load, which a process that never sets a password should not pay.
// Loaded with require (the package ships CommonJS too) so that the check stays synchronous for the config.
let estimator: ZxcvbnFactory | undefined;
/** The same estimator trying fewer l33t spellings of each password (bulk initial passwords, below). */
let bulkEstimator: ZxcvbnFactory | undefined;

function build(l33tMaxSubstitutions?: number): ZxcvbnFactory {
  const common = createRequire(import.meta.url)(
    '@zxcvbn-ts/language-common',
  ) as typeof import('@zxcvbn-ts/language-common');
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, commonZh: [...COMMON_PASSWORDS_ZH] },
    graphs: common.adjacencyGraphs,
    ...(l33tMaxSubstitutions === undefined ? {} : { l33tMaxSubstitutions }),
  });
}
const zxcvbn = () => (estimator ??= build());

/**
 * l33t spellings tried per password for initial passwords checked in bulk: zxcvbn tries 100 by default, which is
 * ~70 % of a check (6.7 ms of a 26-character password with digits); 20 make it 2.2 ms. Measured on 2,548 l33t
 * spellings of common passwords, 10 that the full rule refuses pass with 20 (docs/enrolment.md "Passwords").
 */
export const BULK_L33T_SUBSTITUTIONS = 20;

/** Whether the dictionaries have been loaded (they are not until a password is checked). */
export const passwordDictionariesLoaded = () => estimator !== undefined || bulkEstimator !== undefined;

/** zxcvbn's feedback keys in Chinese (its own texts are English). */
const WARNINGS: Record<string, string> = {
  straightRow: '键盘上连续的一排键很容易猜到',
  keyPattern: '键盘上的简短图案很容易猜到',
  simpleRepeat: '重复的字符（如 aaa）很容易猜到',
  extendedRepeat: '重复的字符组合（如 abcabc）很容易猜到',
  sequences: '常见的字符序列（如 abc、123）很容易猜到',
  recentYears: '最近的年份很容易猜到',
  dates: '日期很容易猜到',
  topTen: '这是最常用的密码之一',
  topHundred: '这是非常常用的密码',
  common: '这是常用密码',
  similarToCommon: '与常用密码太相似',
  wordByItself: '单个词很容易猜到',
  namesByThemselves: '单独的姓名很容易猜到',
  commonNames: '常见的姓名很容易猜到',
  userInputs: '不要使用用户名或与账号相关的信息',
  pwned: '这个密码已在网上的数据泄露中出现过',
};
const SUGGESTIONS: Record<string, string> = {
  l33t: '把字母换成相似的数字或符号（如 a→@）并不能让密码更安全',
  reverseWords: '把常用词倒着写并不能让密码更安全',
  allUppercase: '只把部分字母大写，不要全部大写',
  capitalization: '不要只把首字母大写',
  dates: '不要使用与自己相关的日期和年份',
  recentYears: '不要使用最近的年份',
  associatedYears: '不要使用与自己相关的年份',
  sequences: '不要使用常见的字符序列',
  repeated: '不要重复同一个词或字符',
  longerKeyboardPattern: '使用更长、转向更多的键盘图案',
  anotherWord: '再加几个不常见的词',
  useWords: '使用多个词，但不要用常见的短语',
  noNeed: '不必使用符号、数字或大写字母，也能设出安全的密码',
  pwned: '如果在别处也用过这个密码，请一并修改',
};

/**
 * The words of an account that a password must not be built on: each input as given, and its parts between
 * separators (`demo_liuxiaoming` → `demo`, `liuxiaoming`: usernames carry their agency's prefix), with and
 * without digits. zxcvbn then also catches them reversed, repeated or with digits around them.
 */
export function accountWords(userInputs: readonly string[]): string[] {
  const words = new Set<string>();
  for (const raw of userInputs) {
    const u = raw.normalize('NFC').trim();
    if (!u) continue;
    words.add(u);
    for (const part of u.split(/[_\-.@\s]+/)) {
      if (part.length >= 3) words.add(part);
      const letters = part.replace(/\d+/g, '');
      if (letters.length >= 3) words.add(letters);
    }
  }
  return [...words];
}

/**
 * A weak password dressed up: with its one or two trailing symbols removed and its first letter lowered it scores
 * at most 1. zxcvbn's estimate rises by a floor of 10^4 guesses for each extra piece, so `wang123456!` (a surname,
 * the commonest digits and one symbol, the commonest shape of all) reached score 3 on the symbol alone.
 */
function weakUnderDecoration(z: ZxcvbnFactory, p: string, inputs: string[]): boolean {
  const bare = p.replace(/[^\p{L}\p{N}]{1,2}$/u, '').replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  return bare !== p && bare.length > 0 && z.check(bare, inputs).score <= 1;
}

/** Whitespace only, or one character repeated (after NFC): refused before zxcvbn is asked. */
const isTrivialRepetition = (p: string) => p.trim() === '' || new Set(p).size === 1;

/**
 * THE rule for every path that sets a password (change, forced change, ADMIN_PASSWORD at start, accounts created
 * by an administrator): the contract's length rule (8–128 code points of the NFC form), then not the username,
 * not a repetition of one character, and zxcvbn's estimate (common list, score ≥ MIN_PASSWORD_SCORE).
 * Answers why in Chinese, or null when the password may be used. `userInputs` are the username and other words
 * of the account, which make a password weak when it contains them.
 */
export function checkNewPassword(password: string, userInputs: readonly string[] = []): string | null {
  return checkWith(zxcvbn(), password, userInputs);
}

/**
 * The rule for an initial password typed into an enrolment sheet (thousands at once): the same checks, with
 * zxcvbn trying BULK_L33T_SUBSTITUTIONS l33t spellings instead of 100. Such a password is only ever used once —
 * the account must choose its own at the first login, under the full rule (checkNewPassword).
 */
export function checkBulkInitialPassword(password: string, userInputs: readonly string[] = []): string | null {
  return checkWith((bulkEstimator ??= build(BULK_L33T_SUBSTITUTIONS)), password, userInputs);
}

function checkWith(z: ZxcvbnFactory, password: string, userInputs: readonly string[]): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  const p = password.normalize('NFC');
  const inputs = accountWords(userInputs);
  if (inputs.some((u) => u.toLowerCase() === p.trim().toLowerCase())) return '新密码不能与用户名相同';
  if (isTrivialRepetition(p)) return '新密码太容易猜到：不能只由空格或同一个字符组成';
  const r = z.check(p, inputs);
  if (r.score >= MIN_PASSWORD_SCORE && !weakUnderDecoration(z, p, inputs)) return null;
  if (r.score >= MIN_PASSWORD_SCORE) return '新密码太容易猜到：在常见密码后加符号或把首字母大写并不能让密码更安全';
  const warning = r.feedback.warning;
  const isCommon = warning === 'topTen' || warning === 'topHundred' || warning === 'common' || warning === 'pwned';
  const advice = [
    ...(warning && WARNINGS[warning] && !isCommon ? [WARNINGS[warning]] : []),
    ...r.feedback.suggestions.map((s) => SUGGESTIONS[s]).filter(Boolean),
  ];
  const head = isCommon ? '新密码是常见密码，很容易被猜到' : '新密码太容易猜到';
  return advice.length > 0 ? `${head}：${advice.join('；')}` : `${head}，请换一个更长、更不常见的密码`;
}
