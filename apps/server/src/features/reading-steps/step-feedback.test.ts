// The glossary of a supporting sentence (docs/reading.md "Answering steps"): every spelling of an out-of-scope word.
import { describe, expect, it } from 'vitest';
import { formatArticle } from '../reading/language/index.js';
import { glossaryOf } from './step-feedback.js';

describe('glossaryOf', () => {
  it('finds a word by any spelling the article has of it, irregular forms included', () => {
    const article = formatArticle('The fox flees from the dogs. Later the fox fled and the hare wept.', 'junior');
    expect(glossaryOf('Later the fox fled and the hare wept.', article.outScopeWords)).toEqual([
      { word: 'fled', gloss: expect.stringContaining('逃') as string },
      { word: 'hare', gloss: '野兔' },
      { word: 'wept', gloss: expect.stringContaining('哭') as string },
    ]);
  });
});
