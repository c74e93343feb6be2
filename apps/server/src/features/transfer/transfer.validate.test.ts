// A preview validates without building the stored question (no sanitising of plain-text stems, no sentence
// formatter): it must accept and refuse exactly what an import's validation does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGift } from './gift.js';
import { plainToHtml, type ParsedItem } from './transfer-model.js';
import { validateItem, type ValidateContext } from './transfer.validate.js';

const CTX: ValidateContext = { agencyId: 'demo', repoId: '1', defaultKnowledgeId: 'en', knownCodes: new Set(['en']) };
const [base] = parseGift('水在 100 ℃ 沸腾。{T}').items;

const withStem = (question: string, title = ''): ParsedItem => ({
  ...base,
  draft: { ...base.draft!, question, title },
});
const verdicts = (item: ParsedItem) => {
  const preview = validateItem(item, CTX, false);
  const staged = validateItem(item, CTX, true);
  return {
    preview: preview.ok ? 'ok' : preview.error.reasons,
    staged: staged.ok ? 'ok' : staged.error.reasons,
    stagedBuilt: staged.ok && staged.staged !== undefined,
    previewBuilt: preview.ok && preview.staged !== undefined,
  };
};

describe('preview validation', () => {
  it('refuses a stem with nothing left once sanitised, as an import does, and builds nothing', () => {
    const cases: [string, string, boolean][] = [
      ['<p><script>alert(1)</script></p>', '', false],
      ['<iframe src="x"></iframe>', '', false],
      ['<p>&nbsp;</p>', '', false],
      ['<p><br></p>', '', false],
      ['<p><script>alert(1)</script></p>', '有标题', true],
      ['<p>a &lt; b &amp;&amp; c &gt; d &quot;引号&quot;</p>', '', true],
      ['<p>第一行<br>第二行</p>', '', true],
      ['<b onclick="x()">粗体</b>', '', true],
      ['若 a<b 且 c>d', '', true],
      ['<img src="javascript:alert(1)">', '', false],
      ['<img src="https://example.com/a.png">', '', true],
    ];
    expect(verdicts(withStem(cases[0][0])).preview).toEqual(['题干：清理不安全内容后为空']);
    for (const [stem, title, ok] of cases) {
      const v = verdicts(withStem(stem, title));
      expect(v.preview === 'ok', stem).toBe(ok);
      expect(v.preview, stem).toEqual(v.staged);
      expect(v.previewBuilt).toBe(false);
      expect(v.stagedBuilt).toBe(ok);
    }
  });

  it('agrees with an import on any plain-text stem the parsers write and on any raw text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        for (const stem of [plainToHtml(text), text]) {
          const v = verdicts(withStem(stem));
          expect(v.preview, JSON.stringify(stem)).toEqual(v.staged);
        }
      }),
      { numRuns: 500 },
    );
  });
});
