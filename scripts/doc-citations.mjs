// Checks the citations in code and docs (docs/conventions.md §12): every `docs/<file>.md` named exists, every
// `docs/<file>.md "Heading"` and `docs/<file>.md §N` names a heading that file has, no `§N` stands without its
// file, and nothing cites the documents outside the repository the rules were first written in.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SCANNED = /\.(ts|tsx|mjs|js|md|sql)$/;

/** Citations of documents that are not in this repository (built from parts so this file does not match). */
const OUTSIDE = [
  new RegExp(['DOMAIN', '\\.md'].join('')),
  new RegExp(['platform', '-spec'].join('')),
  new RegExp(['\\.\\./', 'shared/'].join('')),
  new RegExp(['\\bARCHITECTURE', '(\\.md|\\s*§)'].join('')),
  new RegExp(['\\bCONVENTIONS', '\\b'].join('')),
  new RegExp(["\\b[Ss]pec(?:'s)?", '\\s*§'].join('')),
];

// `docs/x.md`, then optionally `"Heading"` (or `("Heading")`) or a chain `§3, §5 and §9` / `§3/§4`.
const CITATION = /docs\/([\w.-]+\.md)(?:\s*\(?\s*"([^"\n]+)"|((?:\s*(?:,|\/|and|or|&)?\s*§\d+(?:\.\d+)*)+))?/g;
const SECTION = /§(\d+)/g;
// Inside docs/: a link to a sibling, `[routes.md](routes.md)`, optionally followed by `"Heading"`.
const SIBLING_LINK = /\]\(([\w.-]+\.md)\)(?:\s*"([^"\n]+)")?/g;

/** Joins a citation split over lines: the line break and a comment's `//` or `*` become one space. */
const joinLines = (text) => text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/\/?|\*(?!\/))?[ \t]*/g, ' ');

/** A doc's sections: its headings, and the bold words that open a list item (`- **Never lose an answer.**`). */
const headingsOf = (text) =>
  [...text.matchAll(/^#{1,6}[ \t]+(.+)$|^[ \t]*[-*][ \t]+\*\*(.+?)\*\*/gm)].map((m) =>
    (m[1] ?? m[2]).replace(/`/g, '').trim(),
  );

/** The problems in `files` ({ path, text }[]) given the repository's docs (Map of file name → text). */
export function citationProblems(files, docs) {
  const problems = [];
  for (const { path, text } of files) {
    const flat = joinLines(text);
    for (const re of OUTSIDE) {
      const m = flat.match(re);
      if (m) problems.push(`${path}: cites a document outside the repository: "${m[0]}"`);
    }
    const cited = new Set();
    const siblings = /^docs\/[^/]+$/.test(path) ? [...flat.matchAll(SIBLING_LINK)] : [];
    for (const m of [...flat.matchAll(CITATION), ...siblings]) {
      const [whole, file, heading, sections] = m;
      for (let i = m.index; i < m.index + whole.length; i++) cited.add(i);
      const doc = docs.get(file);
      if (doc === undefined) {
        problems.push(`${path}: docs/${file} does not exist`);
        continue;
      }
      const headings = headingsOf(doc);
      if (heading !== undefined && !headings.some((h) => h.startsWith(heading.replace(/`/g, ''))))
        problems.push(`${path}: docs/${file} has no section "${heading}"`);
      for (const [, n] of sections?.matchAll(SECTION) ?? [])
        if (!headings.some((h) => new RegExp(`^§?${n}[.\\s]`).test(h)))
          problems.push(`${path}: docs/${file} has no §${n}`);
    }
    for (const m of flat.matchAll(SECTION))
      if (!cited.has(m.index)) problems.push(`${path}: "${flat.slice(m.index - 20, m.index + 3)}" names no docs file`);
  }
  return problems;
}

/** The repository's tracked and new files that can hold a citation, and its docs. */
export function readRepository(root) {
  const paths = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    // This check and its test hold examples of bad citations.
    .filter((p) => SCANNED.test(p) && !p.includes('node_modules/') && !p.startsWith('scripts/doc-citations'));
  const files = [];
  for (const path of paths) {
    try {
      files.push({ path, text: readFileSync(join(root, path), 'utf8') });
    } catch {
      // Listed by git but deleted in the working tree.
    }
  }
  const docs = new Map(
    files.filter((f) => /^docs\/[^/]+\.md$/.test(f.path)).map((f) => [f.path.slice('docs/'.length), f.text]),
  );
  return { files, docs };
}
