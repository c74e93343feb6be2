// The `reading-generate` job (docs/reading.md "Providers and generation"): reads the agency's own enReading
// question, formats its article, asks the provider, and appends the items as `pending` sub-questions with new ids
// through the questions feature's update (a new version when answered, bank versions and search text kept right),
// with `extra.outScopeWords` and `extra.articleGenre`. Any failure changes nothing: the question is written once,
// at the end, from its state at that moment, so sub-questions accepted meanwhile are kept as they are.
import { READING_ARTICLE_MAX, type GeneratedSubType, type Question, type QuestionSub } from '@edu/contract';
import { ApiError } from '../../lib/api-error.js';
import { JobFailure, type JobHandler } from '../../jobs/job-queue.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { guessGenre } from './article-genre.js';
import {
  articlePlainText,
  formatArticleOffThread,
  type GeneratedSubQuestion,
  type ReadingLevel,
} from './language/index.js';
import { ProviderFailure, type ReadingProvider } from './reading-provider.js';
import { reviewGenerated, usedSentencesOf } from './reading-review.js';
import { checkedFields, fieldsOf, storedSubs, unusedSubId } from './reading-subs.js';

export const READING_GENERATE_KIND = 'reading-generate';

export interface ReadingJobPayload {
  [key: string]: unknown;
  /** The saved question the items are appended to; absent for an article not saved yet. */
  questionId?: string;
  /** The article (editor HTML or text) of a question not saved yet: the items are answered in the job's result. */
  article?: string;
  level: ReadingLevel;
  count: number;
  types: GeneratedSubType[];
  /** The provider chosen when the job was queued (shown while it waits). */
  provider: 'offline' | 'openai';
}

export interface ReadingJobResult {
  [key: string]: unknown;
  provider: 'offline' | 'openai';
  added: string[];
  /** For an article not saved yet: the proposed sub-questions (pending), to be saved with the question. */
  items?: QuestionSub[];
}

/** The most sub-questions a question holds (the question editor's limit). */
export const SUBS_MAX = 50;

export const JOB_TEXT = {
  notReading: '只有阅读理解题（enReading）可以生成小题',
  gone: '题目不存在或已被删除，未添加任何小题',
  tooLong: `文章超过 ${READING_ARTICLE_MAX} 个字符，无法生成：请缩短文章`,
  empty: '文章为空：请先在题干中输入英文文章',
  nothing: '没有生成任何小题：文章太短或缺少可出题的句子，请换一篇文章或调整题型',
  full: (room: number) => `该题已有较多小题，最多还能添加 ${room} 个（每题最多 ${SUBS_MAX} 个）`,
  invalid: (msg: string) => `生成的小题未通过校验，未添加：${msg}`,
  unexpected: 'AI 生成时出现意外错误，未添加任何小题：请稍后重试或改用离线生成（原因已记入 AI 调用记录）',
};

/**
 * The article's text as its reader sees it: tags dropped without adding spaces (a formatted article's `span.word`s
 * join as written: `long,deep` stays so), block ends as line breaks, entities decoded (docs/reading.md "Generated
 * items"). Evidence is quoted from this text, character for character.
 */
export const articleText = (html: string): string => articlePlainText(html);

const explanationOf = (item: GeneratedSubQuestion) => {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts = [item.explanation.trim() ? `<p>${esc(item.explanation.trim())}</p>` : ''];
  if (item.evidence.trim()) parts.push(`<p>原文依据：${esc(item.evidence.trim())}</p>`);
  return parts.join('');
};

/** Answers as the question rules spell them (true/false as T/F). */
const answerOf = (item: GeneratedSubQuestion): string[] =>
  item.type === 'trueFalse'
    ? [/^(t|true|对|正确)$/i.test(item.answer[0]?.trim() ?? '') ? 'T' : 'F']
    : item.answer.map((a) => a.trim()).filter((a) => a !== '');

export interface ReadingJobDeps {
  questions: QuestionsService;
  /** The provider the agency uses now (override, else platform default, else offline). */
  providerFor: (agencyId: string) => Promise<ReadingProvider>;
  /** Records one provider call in the call log. */
  logCall: (entry: {
    agencyId: string;
    provider: ReadingProvider;
    usage: { promptTokens: number; completionTokens: number };
    outcome: 'ok' | 'error' | 'refused' | 'timeout' | 'invalid';
    message: string;
  }) => Promise<void>;
}

async function ownReading(questions: QuestionsService, agencyId: string, id: string): Promise<Question> {
  try {
    const row = await questions.loadOwned(agencyId, id);
    const [q] = await questions.present([row]);
    if (q.type !== 'enReading') throw new JobFailure(JOB_TEXT.notReading);
    return q;
  } catch (e) {
    if (e instanceof ApiError) throw new JobFailure(JOB_TEXT.gone);
    throw e;
  }
}

export function readingJobHandler(deps: ReadingJobDeps): JobHandler {
  return async ({ job, progress, signal }) => {
    const p = job.payload as ReadingJobPayload;
    const agencyId = job.agencyId!;
    await progress({ phase: 'formatting', total: p.count, processed: 0 });
    const before = p.questionId !== undefined ? await ownReading(deps.questions, agencyId, p.questionId) : null;
    const html = before ? before.question : (p.article ?? '');
    const text = articleText(html);
    if (text === '') throw new JobFailure(JOB_TEXT.empty);
    if (text.length > READING_ARTICLE_MAX) throw new JobFailure(JOB_TEXT.tooLong);
    const room = before ? SUBS_MAX - before.questionSub.length : p.count;
    if (room <= 0) throw new JobFailure(JOB_TEXT.full(0));
    let formatted;
    try {
      formatted = await formatArticleOffThread(html, p.level);
    } catch (e) {
      if (e instanceof ApiError) throw new JobFailure(e.errmsg);
      throw e;
    }

    await progress({ phase: 'generating' });
    const provider = await deps.providerFor(agencyId);
    // Sentences the question already asks about (its sub-questions' 原文依据): a second run asks new ones.
    const usedSentences = before ? usedSentencesOf(before.questionSub) : [];
    let items: GeneratedSubQuestion[];
    let genre: string | undefined;
    try {
      const r = await provider.generate(
        {
          article: text,
          sentences: formatted.sentences,
          outScopeWords: formatted.outScopeWords,
          level: p.level,
          count: Math.min(p.count, room),
          types: p.types,
          usedSentences,
        },
        signal,
      );
      items = reviewGenerated(
        r.items,
        text,
        formatted.sentences.map((s) => s.text),
        usedSentences,
      ).slice(0, Math.min(p.count, room));
      genre = r.genre?.trim() || undefined;
      await deps.logCall({ agencyId, provider, usage: r.usage, outcome: 'ok', message: `${items.length} 道小题` });
    } catch (e) {
      if (e instanceof ProviderFailure) {
        await deps.logCall({ agencyId, provider, usage: e.usage, outcome: e.outcome, message: e.reason });
        throw new JobFailure(e.message, { provider: provider.kind, added: [] });
      }
      if (!signal.aborted) {
        // A failure the provider did not foresee still ends as a Chinese message and a logged reason, never as a
        // bare internal error (docs/reading.md "Providers and their failures").
        const why = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        await deps.logCall({
          agencyId,
          provider,
          usage: { promptTokens: 0, completionTokens: 0 },
          outcome: 'error',
          message: `意外错误：${why}`,
        });
        throw new JobFailure(JOB_TEXT.unexpected, { provider: provider.kind, added: [] });
      }
      await deps
        .logCall({
          agencyId,
          provider,
          usage: { promptTokens: 0, completionTokens: 0 },
          outcome: 'timeout',
          message: '生成任务超过时限或被中断',
        })
        .catch(() => undefined);
      throw e;
    }
    if (items.length === 0) throw new JobFailure(JOB_TEXT.nothing, { provider: provider.kind, added: [] });
    signal.throwIfAborted();
    await progress({ phase: 'saving', processed: items.length });

    const asSubs = (taken: Set<string>) =>
      items.map((item) => {
        const id = unusedSubId(taken);
        taken.add(id);
        return {
          questionSubId: id,
          type: item.type,
          title: item.title,
          desc: item.desc,
          answer: answerOf(item),
          options: item.type === 'singleChoice' ? item.options.map((o) => ({ key: o.key, content: o.content })) : [],
          status: 'pending' as const,
          explanation: explanationOf(item),
        };
      });
    if (p.questionId === undefined) {
      // An article not saved yet: nothing is written; the question editor saves the items (and the server checks
      // them then, as any question's fields).
      const proposed: QuestionSub[] = asSubs(new Set());
      const result: ReadingJobResult = {
        provider: provider.kind,
        added: proposed.map((s) => s.questionSubId),
        items: proposed,
      };
      return result;
    }

    // The question as it is now: accepted (or edited) meanwhile stays as it is; the new ones are appended.
    const now = await ownReading(deps.questions, agencyId, p.questionId);
    const current = storedSubs(now);
    if (current.length + items.length > SUBS_MAX) throw new JobFailure(JOB_TEXT.full(SUBS_MAX - current.length));
    const added = asSubs(new Set(current.map((s) => s.questionSubId!)));
    let fields;
    try {
      fields = checkedFields(fieldsOf(now, [...current, ...added]));
    } catch (e) {
      if (e instanceof ApiError)
        throw new JobFailure(JOB_TEXT.invalid(e.fields?.[0]?.message ?? e.errmsg), {
          provider: provider.kind,
          added: [],
        });
      throw e;
    }
    const extra = {
      ...now.extra,
      outScopeWords: [...new Set(formatted.outScopeWords.map((w) => w.lemma))],
      articleGenre: genre ?? guessGenre(text),
    };
    try {
      await deps.questions.update(agencyId, p.questionId, fields, extra);
    } catch (e) {
      if (e instanceof ApiError) throw new JobFailure(JOB_TEXT.invalid(e.fields?.[0]?.message ?? e.errmsg));
      throw e;
    }
    const result: ReadingJobResult = { provider: provider.kind, added: added.map((a) => a.questionSubId) };
    return result;
  };
}
