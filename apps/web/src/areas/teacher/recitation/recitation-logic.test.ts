// The recitation helpers' pure parts: the text comparison's diff, the export retry policy (3 attempts, 1 s apart, a
// notice per failed attempt; fake timers), and the practice scoring bands.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textSimilarity } from '@edu/contract';
import { EXPORT_ATTEMPTS, EXPORT_RETRY_DELAY_MS, exportFailureText, sleepMs, withRetries } from './export-retry';
import { bandOf, sentenceScore, totalScore } from './scoring';
import { diffTexts, tokenize } from './text-diff';
import { wrapText } from './sheet-export';

const sides = (parts: ReturnType<typeof diffTexts>) => ({
  old: parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join(''),
  new: parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join(''),
});

describe('text diff', () => {
  it('tokenizes Latin words whole and Chinese character by character', () => {
    expect(tokenize("I can't go, 春眠不觉晓。")).toEqual([
      'I',
      ' ',
      "can't",
      ' ',
      'go',
      ',',
      ' ',
      '春',
      '眠',
      '不',
      '觉',
      '晓',
      '。',
    ]);
  });

  it('marks a changed word and a changed character, and rebuilds both texts', () => {
    const parts = diffTexts('The cat sat on the mat.', 'The dog sat on the mat.');
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'dog' },
      { kind: 'same', text: ' sat on the mat.' },
    ]);
    const zh = diffTexts('春眠不觉晓，处处闻啼鸟。', '春眠不觉晓，处处闻鸟啼。');
    expect(sides(zh)).toEqual({ old: '春眠不觉晓，处处闻啼鸟。', new: '春眠不觉晓，处处闻鸟啼。' });
    expect(
      zh
        .filter((p) => p.kind !== 'same')
        .map((p) => p.text)
        .join(''),
    ).toHaveLength(2);
  });

  it('handles empty sides and identical texts', () => {
    expect(diffTexts('', 'abc')).toEqual([{ kind: 'added', text: 'abc' }]);
    expect(diffTexts('abc', '')).toEqual([{ kind: 'removed', text: 'abc' }]);
    expect(diffTexts('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });

  it('keeps every character of long texts (5,000 characters each)', () => {
    const a = '天'.repeat(2500) + '地'.repeat(2500);
    const b = '地'.repeat(2500) + '天'.repeat(2500);
    expect(sides(diffTexts(a, b))).toEqual({ old: a, new: b });
  });
});

describe('export retry (docs/product.md §8–9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries three times, one second apart, with a notice naming each failed attempt', async () => {
    const notices: string[] = [];
    const started: number[] = [];
    const task = vi.fn(async () => {
      started.push(Date.now());
      throw new Error('画布为空');
    });
    const done = withRetries(task, { onFailure: (n, e) => notices.push(exportFailureText(n, e)) }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(EXPORT_ATTEMPTS);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(((await done) as Error).message).toBe('画布为空');
    expect(notices).toEqual(['第 1 次导出失败：画布为空', '第 2 次导出失败：画布为空', '第 3 次导出失败：画布为空']);
    expect(started.map((t) => t - started[0])).toEqual([0, EXPORT_RETRY_DELAY_MS, 2 * EXPORT_RETRY_DELAY_MS]);
  });

  it('stops at the first success, and uses the injected sleep', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const onFailure = vi.fn();
    let n = 0;
    const result = await withRetries(
      async (attempt) => {
        n++;
        if (attempt < 2) throw new Error('失败');
        return 'png';
      },
      { sleep, onFailure },
    );
    expect(result).toBe('png');
    expect(n).toBe(2);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('names an unknown failure', async () => {
    expect(exportFailureText(2, {})).toBe('第 2 次导出失败：未知错误');
    const p = sleepMs(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBeUndefined();
  });
});

describe('practice scoring (docs/product.md §5)', () => {
  it('scores a sentence by textSimilarity, blank as not checked, and bands the score', () => {
    expect(sentenceScore('It was warm!', '')).toBeNull();
    expect(sentenceScore('It was warm!', '  It was warm! ')).toBe(100);
    expect(sentenceScore('It was warm!', 'It was worm!')).toBe(textSimilarity('It was warm!', 'It was worm!'));
    expect(bandOf(100)).toBe('good');
    expect(bandOf(90)).toBe('good');
    expect(bandOf(89.99)).toBe('fair');
    expect(bandOf(60)).toBe('fair');
    expect(bandOf(59.99)).toBe('poor');
  });

  it('totals over every sentence, blanks as 0', () => {
    expect(totalScore([100, null, 50])).toBe(50);
    expect(totalScore([100, 91.67, 0])).toBe(63.89);
    expect(totalScore([])).toBe(0);
  });
});

describe('sheet text wrapping', () => {
  it('breaks lines at the width and drops a leading space', () => {
    expect(wrapText((s) => s.length, 'abcdef gh', 4)).toEqual(['abcd', 'ef g', 'h']);
    expect(wrapText((s) => s.length, '春眠不觉晓', 2)).toEqual(['春眠', '不觉', '晓']);
  });
});
