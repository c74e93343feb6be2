// The provider of generated sub-questions (docs/reading.md "Providers and generation"): one interface, two
// implementations — offline (./offline-provider.ts, on the dictionary data) and any OpenAI-compatible model
// (./openai-provider.ts). A failure is a ProviderFailure: its Chinese message is what the teacher reads on the job
// and its outcome what the call log records.
import type { ReadingLevel } from './language/index.js';
import type { GeneratedSubQuestion, OutScopeWord } from './language/index.js';

export type { GeneratedSubQuestion };

export interface ProviderInput {
  /** The article as plain text, sentence by sentence. */
  article: string;
  sentences: readonly { id: string; text: string }[];
  outScopeWords: readonly OutScopeWord[];
  level: ReadingLevel;
  count: number;
  types: readonly GeneratedSubQuestion['type'][];
  /** Sentences the question's sub-questions already ask: not to be asked again. */
  usedSentences?: readonly string[];
}

export interface ProviderUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ProviderResult {
  items: GeneratedSubQuestion[];
  usage: ProviderUsage;
  /** The article's genre when the model named one. */
  genre?: string;
}

export interface ReadingProvider {
  readonly kind: 'offline' | 'openai';
  readonly model: string;
  generate(input: ProviderInput, signal: AbortSignal): Promise<ProviderResult>;
}

export type ProviderOutcome = 'error' | 'refused' | 'timeout' | 'invalid';

/**
 * A provider's failure: the teacher's message (Chinese), the call log's outcome, the tokens spent on it and the
 * reason the call log shows (what the server answered, bounded, the key blanked; the message when not given).
 */
export class ProviderFailure extends Error {
  readonly reason: string;

  constructor(
    message: string,
    readonly outcome: ProviderOutcome,
    readonly usage: ProviderUsage = { promptTokens: 0, completionTokens: 0 },
    reason?: string,
  ) {
    super(message);
    this.reason = reason ?? message;
  }
}
