// The language worker (./language-thread.ts): the same answers as the functions it runs, their errors as
// ApiErrors, calls at once, and a worker that ends or hangs failing its calls without taking the next ones along.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import { ARTICLE_TEXT_MAX } from './article-limits.js';
import { formatArticle } from './format-article.js';
import {
  closeLanguageWorker,
  formatArticleOffThread,
  generateOfflineOffThread,
  LANGUAGE_BUSY_MESSAGE,
  LANGUAGE_CALL_MS,
  LANGUAGE_QUEUE_MAX,
} from './language-thread.js';
import { generateOffline } from './offline/generate-offline.js';
import { TEST_ARTICLES } from './test-articles.test-helper.js';

const article = TEST_ARTICLES[0].text;

afterEach(async () => {
  vi.useRealTimers();
  await closeLanguageWorker();
});

describe('the language worker', () => {
  it('formats and generates exactly as the functions it runs', async () => {
    expect(await formatArticleOffThread(article, 'junior', ['river'])).toEqual(
      formatArticle(article, 'junior', ['river']),
    );
    const options = { level: 'senior' as const, count: 4, seed: 7 };
    expect(await generateOfflineOffThread(article, options)).toEqual(generateOffline(article, options));
  });

  it('answers ten calls at once, each its own', async () => {
    const levels = ['junior', 'senior', 'cet4', 'cet6', 'kaoyan'] as const;
    const calls = [...levels, ...levels].map((level) => formatArticleOffThread(article, level));
    const answers = await Promise.all(calls);
    answers.forEach((a, i) => expect(a).toEqual(formatArticle(article, levels[i % levels.length])));
  });

  it('answers 503 beyond its queue, and the calls it took all', async () => {
    const calls = Array.from({ length: LANGUAGE_QUEUE_MAX + 1 }, (_, i) =>
      formatArticleOffThread(`The river ${i} is long.`, 'junior').then(
        (a) => a.sentences.length,
        (e: unknown) => e,
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.slice(0, LANGUAGE_QUEUE_MAX)).toEqual(Array(LANGUAGE_QUEUE_MAX).fill(1));
    expect(answers[LANGUAGE_QUEUE_MAX]).toBeInstanceOf(ApiError);
    expect(answers[LANGUAGE_QUEUE_MAX]).toMatchObject({ code: 'unavailable', errmsg: LANGUAGE_BUSY_MESSAGE });
  });

  it('throws the work’s ApiError as an ApiError, with its Chinese message and fields', async () => {
    const tooLong = await formatArticleOffThread('word '.repeat(ARTICLE_TEXT_MAX), 'junior').catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(ApiError);
    expect(tooLong).toMatchObject({ code: 'invalid_input', fields: [{ path: 'article' }] });
    expect((tooLong as ApiError).errmsg).toContain('文章过长');
    const badCount = await generateOfflineOffThread(article, { level: 'junior', count: 99 }).catch((e: unknown) => e);
    expect(badCount).toMatchObject({ code: 'invalid_input', fields: [{ path: 'count' }] });
  });

  it('fails the calls of a worker that ends, and starts a new one for the next call', async () => {
    const failed = expect(formatArticleOffThread(article, 'junior')).rejects.toThrow('closed');
    await closeLanguageWorker();
    await failed;
    expect((await formatArticleOffThread(article, 'cet4')).sentences.length).toBeGreaterThan(0);
  });

  it('ends a worker whose call runs past its time limit', async () => {
    await formatArticleOffThread(article, 'junior'); // started before the clock is faked
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const failed = expect(formatArticleOffThread(article, 'senior')).rejects.toThrow(
      `longer than ${LANGUAGE_CALL_MS} ms`,
    );
    vi.advanceTimersByTime(LANGUAGE_CALL_MS);
    await failed;
    vi.useRealTimers();
    expect((await formatArticleOffThread(article, 'senior')).formatResult).toContain('span');
  });
});
