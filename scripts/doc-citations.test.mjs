// Every citation in code and docs points at a file and section of this repository's docs/ (docs/conventions.md §12).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationProblems, readRepository } from './doc-citations.mjs';

const docs = new Map([
  ['domain.md', '# Domain\n\n## Wire format\n\n## Schemes and trainings (the practice engine)\n\n- **Drawing**: …\n'],
  ['product.md', '# Product\n\n## 2. Screens and routes\n\n## 6. Roles and access\n'],
]);
const check = (text, path = 'a.ts') => citationProblems([{ path, text }], docs);

describe('citation check', () => {
  it('accepts existing files, headings (also by their start, across lines) and numbered sections', () => {
    expect(check('// docs/domain.md "Wire format"; docs/domain.md "Schemes and trainings"')).toEqual([]);
    expect(check('// docs/domain.md "Drawing"')).toEqual([]);
    expect(check('// rules (docs/domain.md ("Schemes and\n// trainings")) and docs/product.md §2, §6')).toEqual([]);
    expect(check('See docs/product.md §2/§6 and docs/product.md\n  §6.', 'docs/x.md')).toEqual([]);
    expect(check('the rules: [domain.md](domain.md) "Wire format"', 'docs/x.md')).toEqual([]);
  });

  it('fails on a missing file, heading or section, and on a § without its file', () => {
    expect(check('// docs/nowhere.md')).toEqual(['a.ts: docs/nowhere.md does not exist']);
    expect(check('// docs/domain.md "Login contract"')).toEqual([
      'a.ts: docs/domain.md has no section "Login contract"',
    ]);
    expect(check('// docs/product.md §2, §7')).toEqual(['a.ts: docs/product.md has no §7']);
    expect(check('// the §6 rule')).toHaveLength(1);
    expect(check('the rules: [domain.md](domain.md) "Links"', 'docs/x.md')).toEqual([
      'docs/x.md: docs/domain.md has no section "Links"',
    ]);
    expect(check('see [the engine](engine.md)', 'docs/x.md')).toEqual(['docs/x.md: docs/engine.md does not exist']);
  });

  it('fails on the documents outside the repository', () => {
    for (const text of [
      `// ${'DOMAIN'}.md "Wire format"`,
      `// ${'spec'} §2`,
      `/** ${'Spec'}'s §6 */`,
      `// ${'ARCHITECTURE'} §4`,
      `// ${'CONVENTIONS'}.md 10`,
      `see ${'../'}shared/docs`,
      `see ${'platform'}-spec.md`,
    ])
      expect(
        check(text).some((p) => p.includes('outside the repository')),
        text,
      ).toBe(true);
  });
});

describe('the repository', () => {
  it('cites only files and sections its docs/ has', () => {
    const { files, docs: repoDocs } = readRepository(fileURLToPath(new URL('..', import.meta.url)));
    expect(repoDocs.size).toBeGreaterThan(10);
    expect(citationProblems(files, repoDocs)).toEqual([]);
  });

  it('lists every document of docs/ in its index, docs/README.md', () => {
    const { docs: repoDocs } = readRepository(fileURLToPath(new URL('..', import.meta.url)));
    const index = repoDocs.get('README.md') ?? '';
    const unlisted = [...repoDocs.keys()].filter((name) => name !== 'README.md' && !index.includes(`docs/${name}`));
    expect(unlisted).toEqual([]);
  });
});
