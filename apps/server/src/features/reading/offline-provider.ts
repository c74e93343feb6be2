// The offline provider (docs/reading.md "Providers and generation"): the dictionary-based generator of
// ./language (no network, no tokens). Seeded by the article so that the same article gives the same proposal.
import { createHash } from 'node:crypto';
import { generateOfflineOffThread } from './language/index.js';
import type { ProviderInput, ProviderResult, ReadingProvider } from './reading-provider.js';

const seedOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

export class OfflineProvider implements ReadingProvider {
  readonly kind = 'offline' as const;
  readonly model = 'offline';

  async generate(input: ProviderInput, signal: AbortSignal): Promise<ProviderResult> {
    signal.throwIfAborted();
    const items = await generateOfflineOffThread(input.article, {
      level: input.level,
      count: input.count,
      types: [...input.types],
      seed: seedOf(input.article),
      usedSentences: input.usedSentences,
    });
    return { items, usage: { promptTokens: 0, completionTokens: 0 } };
  }
}
