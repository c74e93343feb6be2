// The small parts of AI reading: keys at rest (sealed with AI_KEY_SECRET, opened only with it) and the genre guess.
import { describe, expect, it } from 'vitest';
import { guessGenre } from './article-genre.js';
import { ProviderKeys } from './provider-key.js';

describe('provider keys at rest', () => {
  it('seals with the secret and opens only with the same secret', () => {
    const keys = new ProviderKeys('a-secret-of-sixteen-or-more');
    const sealed = keys.seal('sk-abc123');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('sk-abc123');
    expect(keys.seal('sk-abc123')).not.toBe(sealed);
    expect(keys.open(sealed)).toBe('sk-abc123');
    expect(new ProviderKeys('another-secret-of-sixteen').open(sealed)).toBe('');
    expect(new ProviderKeys(undefined).open(sealed)).toBe('');
    expect(keys.open(`${sealed.slice(0, -2)}xx`)).toBe('');
  });

  it('without a secret a key is stored as typed; an empty key stays empty', () => {
    const plain = new ProviderKeys(undefined);
    expect(plain.seal('sk-abc123')).toBe('sk-abc123');
    expect(plain.open('sk-abc123')).toBe('sk-abc123');
    expect(new ProviderKeys('a-secret-of-sixteen-or-more').seal('')).toBe('');
  });
});

describe('the genre guess', () => {
  it('reads a letter, a dialogue, an argument, a story, news and an explanation from their cues', () => {
    expect(guessGenre('Dear Tom,\nThank you for your invitation. I will come.\nBest wishes,\nLi Hua')).toBe('letter');
    expect(guessGenre('Anna: Hi!\nBen: Hello, Anna.\nAnna: Where are you going?\nBen: To the library.')).toBe(
      'dialogue',
    );
    expect(
      guessGenre(
        'In my opinion, students should wear uniforms. Firstly, uniforms save time. Secondly, they must feel equal. ' +
          'However, some disagree. In conclusion, schools should keep them.',
      ),
    ).toBe('argumentative');
    expect(
      guessGenre(
        'Last summer I went to the sea with my father. He walked along the beach and I looked for shells. ' +
          'We stayed until the sun was low, and then we walked home and talked about the day.',
      ),
    ).toBe('narrative');
    expect(guessGenre('Officials said on Monday that the new bridge will open next year, according to the city.')).toBe(
      'news',
    );
    expect(
      guessGenre('Bees make honey from nectar. A colony can have thousands of workers. Honey keeps for years.'),
    ).toBe('expository');
  });
});
