// The model-written feedback of a translation step (docs/reading.md "Answering steps"): when the agency's reading
// provider (its override, else the platform default) is an OpenAI-compatible model, the model writes the feedback
// text — what was left out or mistranslated — in a bounded call (one try, at most FEEDBACK_MODEL_TIMEOUT_MS); the
// verdict stays the contract's deterministic judge. Every call is logged with purpose 'feedback'. Any failure, a
// refusal, an empty answer or one that gives the reference translation away answers null: the caller keeps the
// key-term feedback. The request goes through the reading feature's chat client: the same address rules, one
// deadline over the whole reply, every failure logged with its reason (docs/reading.md "Providers and their
// failures").
import { ChatFailure, chatCompletion, failureReason } from '../reading/chat-client.js';
import type { ReadingService } from '../reading/reading.service.js';

/** The longest a feedback call may take, whatever the settings' (longer) generation timeout. */
export const FEEDBACK_MODEL_TIMEOUT_MS = 8_000;
/** Longest feedback text kept. */
const TEXT_MAX = 300;

export interface TranslationFeedbackInput {
  sentence: string;
  answer: string;
  reference: string;
  similarity: number;
  isCorrect: boolean;
  missing: readonly { word: string; gloss: string }[];
}

const squash = (s: string) => s.replace(/[\s，。、；：,.;:!?！？“”"'‘’（）()]/g, '');

/** True when the text quotes the reference translation (six characters of it in a row, punctuation ignored). */
export function quotesReference(text: string, reference: string): boolean {
  const t = squash(text);
  const r = squash(reference);
  if (r.length === 0) return false;
  if (r.length < 6) return t.includes(r);
  for (let i = 0; i + 6 <= r.length; i++) if (t.includes(r.slice(i, i + 6))) return true;
  return false;
}

export class FeedbackModel {
  constructor(private readonly reading: ReadingService) {}

  /** The model's feedback on a translation, or null (no model configured, or it failed: the caller falls back). */
  async translationFeedback(agencyId: string, input: TranslationFeedbackInput): Promise<string | null> {
    const conn = await this.reading.connectionFor(agencyId);
    if (!conn || !conn.baseUrl || !conn.model) return null;
    const provider = await this.reading.providerFor(agencyId);
    const usage = { promptTokens: 0, completionTokens: 0 };
    const log = (outcome: 'ok' | 'error' | 'refused' | 'timeout' | 'invalid', message: string) =>
      this.reading.logCall(agencyId, provider, 'feedback', usage, outcome, message).catch(() => undefined);
    const timeout = Math.min(FEEDBACK_MODEL_TIMEOUT_MS, conn.timeoutSeconds * 1000);
    try {
      const completion = await chatCompletion(
        { ...conn, timeoutMs: timeout },
        {
          temperature: 0.2,
          max_tokens: 200,
          messages: [
            {
              role: 'system',
              content:
                '你是中学英语老师。请用简体中文给学生的英译汉写一两句简短反馈（不超过 80 字）：指出漏译或误译的词语，' +
                '语气鼓励。不要写出完整的译文或参考译文，只输出反馈本身。',
            },
            {
              role: 'user',
              content: [
                `英文原句：${input.sentence.slice(0, 2000)}`,
                `学生译文：${input.answer.slice(0, 2000)}`,
                `与参考译文的相似度：${input.similarity}%（${input.isCorrect ? '判为正确' : '判为不正确'}）`,
                `可能漏译的关键词：${input.missing.map((m) => `${m.word}（${m.gloss}）`).join('、') || '无'}`,
              ].join('\n'),
            },
          ],
        },
      );
      usage.promptTokens = completion.usage.promptTokens;
      usage.completionTokens = completion.usage.completionTokens;
      if (completion.refusal) {
        await log('refused', `模型拒绝：${completion.refusal.slice(0, 300)}`);
        return null;
      }
      const text = completion.content.trim().slice(0, TEXT_MAX);
      if (!text || quotesReference(text, input.reference)) {
        await log('invalid', text ? '反馈引用了参考译文，未采用' : '反馈为空');
        return null;
      }
      await log('ok', '');
      return text;
    } catch (err) {
      if (!(err instanceof ChatFailure)) {
        await log('error', `意外错误：${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
      await log(err.kind === 'timeout' ? 'timeout' : 'error', failureReason(err));
      return null;
    }
  }
}
