// The extraction of the compact exam dictionary from ECDICT (docs/reading.md "Language data and formatting").
// Pure functions: the script apps/server/src/scripts/extract-ecdict.ts feeds them ECDICT's CSV and lemma list,
// the tests a small sample. Output: one TSV line per lemma `word level pos gloss forms`.
import { ECDICT_LEVEL_TAGS, READING_LEVELS, type ReadingLevel } from './levels.js';

/** Rows of an RFC 4180 CSV (quoted fields may hold commas, doubled quotes and line breaks). */
export function* parseCsv(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
      i++;
      yield row;
      row = [];
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

/** The lowest level among a row's exam tags (`zk gk cet4 …`), or null when it has none. */
export function levelOfTags(tags: string): ReadingLevel | null {
  let best = -1;
  for (const tag of tags.split(/\s+/)) {
    const level = ECDICT_LEVEL_TAGS[tag];
    if (level === undefined) continue;
    const rank = READING_LEVELS.indexOf(level);
    if (best === -1 || rank < best) best = rank;
  }
  return best === -1 ? null : READING_LEVELS[best];
}

/** ECDICT's translation lines: it writes line breaks as the two characters `\n` (sometimes `\r\n`). */
const translationLines = (translation: string) =>
  translation
    .split(/\\r\\n|\\n|\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('['));

const POS_PREFIX_RE = /^((?:[a-z]{1,6}\.\s*)+)/i;

const POS_NAMES: Record<string, string> = {
  n: 'n',
  pl: 'n',
  v: 'v',
  vt: 'v',
  vi: 'v',
  aux: 'v',
  a: 'adj',
  adj: 'adj',
  s: 'adj',
  ad: 'adv',
  adv: 'adv',
  r: 'adv',
  prep: 'prep',
  conj: 'conj',
  pron: 'pron',
  num: 'num',
  int: 'int',
  interj: 'int',
  art: 'art',
};

/** The part of speech of the first sense (`n`, `v`, `adj`, `adv`, `prep`, `conj`, `pron`, `num`, `int`, `art`) or ''. */
export function posOfTranslation(translation: string): string {
  for (const line of translationLines(translation)) {
    const m = POS_PREFIX_RE.exec(line);
    if (!m) continue;
    const first = m[1].split('.')[0].trim().toLowerCase();
    const pos = POS_NAMES[first];
    if (pos) return pos;
  }
  return '';
}

export const GLOSS_MAX = 24;

/**
 * A short Chinese gloss: the senses of the first translation line (its part-of-speech prefix and bracketed notes
 * dropped), joined with `；` while they fit in GLOSS_MAX characters; the first sense alone is cut to fit.
 */
export function glossOfTranslation(translation: string): string {
  const line = translationLines(translation)[0];
  if (!line) return '';
  const body = line.replace(POS_PREFIX_RE, '').replace(/\s+/g, ' ');
  const senses = body
    .split(/[,，;；]/)
    .map((s) => s.replace(/[（(][^）)]*[）)]/g, '').trim())
    .filter((s) => s !== '');
  let gloss = '';
  for (const sense of senses) {
    const next = gloss === '' ? sense : `${gloss}；${sense}`;
    if (next.length > GLOSS_MAX) break;
    gloss = next;
  }
  if (gloss === '' && senses[0]) gloss = senses[0].slice(0, GLOSS_MAX);
  return gloss.replace(/\t/g, ' ');
}

/** Inflected forms of ECDICT's `exchange` field (`p:went/d:gone/…`); `0:`/`1:` (the lemma of a form) are skipped. */
export function formsOfExchange(exchange: string): string[] {
  const forms: string[] = [];
  for (const part of exchange.split('/')) {
    const m = /^([pdi3srt]):(.+)$/.exec(part.trim());
    if (m) forms.push(m[2].trim());
  }
  return forms;
}

/** `have/1315648 -> had,has,'ve,…` lines of ECDICT's lemma.en.txt as lemma → forms. */
export function parseLemmaList(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z'-]+)\/\d+\s*->\s*(.+)$/.exec(line.trim());
    if (!m) continue;
    out.set(
      m[1].toLowerCase(),
      m[2]
        .split(',')
        .map((f) => f.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return out;
}

export interface CompactEntry {
  word: string;
  /** The lowest exam level; null for a frequent word of no exam list (out of scope at every level). */
  level: ReadingLevel | null;
  pos: string;
  gloss: string;
  forms: string[];
}

/** A level's rank for choosing between two owners of a form: the unlevelled words last. */
const rankOf = (level: ReadingLevel | null) => (level === null ? READING_LEVELS.length : READING_LEVELS.indexOf(level));

/** Frequent words of no exam list kept by default (docs/reading.md "Language data and formatting"). */
export const FREQUENT_UNLEVELLED_MAX = 7500;

/** A row's frequency rank: the better of ECDICT's `frq` (COCA) and `bnc` (British National Corpus), 0 = unranked. */
export function frequencyRank(frq: string, bnc: string): number {
  const ranks = [Number(frq), Number(bnc)].filter((n) => Number.isInteger(n) && n > 0);
  return ranks.length ? Math.min(...ranks) : 0;
}

/**
 * A row that is another word's inflection: its `exchange` names its lemma (`0:go/1:p`) or its gloss says so
 * (`be的过去式`, `website的复数形式`).
 */
const isInflection = (exchange: string, gloss: string) =>
  /(^|\/)0:/.test(exchange) || /的(过去式|过去分词|现在分词|复数|第三人称|比较级|最高级)/.test(gloss);

/** Single words only: letters with inner hyphens or apostrophes. */
const WORD_RE = /^[a-z]+(?:['-][a-z]+)*$/;

/**
 * The exam words of ECDICT's CSV (header `word,phonetic,definition,translation,pos,collins,oxford,tag,bnc,frq,…,
 * exchange`): each lower-cased single word with an exam tag, its lowest level, POS, gloss and inflected forms (from
 * `exchange` and the lemma list). A word spelled twice (`May`/`may`) keeps its lowest level and the first gloss found
 * at that level. Then the `frequent` best-ranked words of no exam list (`frq`/`bnc`), spelled in lower case in
 * ECDICT, with a Chinese gloss, not an inflection of another word, with level null. A form of two lemmas goes to the
 * lower level (an exam word before an unlevelled one, then the first in alphabetical order). A form may be an entry
 * too (`are`, `found`): the dictionary then reads it as whichever of the two has the lower level.
 */
export function extractCompactEntries(
  csv: string,
  lemmaList = new Map<string, string[]>(),
  frequent = FREQUENT_UNLEVELLED_MAX,
): CompactEntry[] {
  const rows = parseCsv(csv);
  const first = rows.next();
  const header: string[] = first.done ? [] : first.value;
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i === -1) throw new Error(`ECDICT CSV lacks the column ${name}`);
    return i;
  };
  const [cWord, cTranslation, cTag, cExchange] = [col('word'), col('translation'), col('tag'), col('exchange')];
  const [cFrq, cBnc] = [col('frq'), col('bnc')];
  const entries = new Map<string, CompactEntry>();
  const unlevelled: { entry: CompactEntry; rank: number }[] = [];
  for (const row of rows) {
    const raw = (row[cWord] ?? '').trim();
    const word = raw.toLowerCase();
    if (!WORD_RE.test(word)) continue;
    const level = levelOfTags(row[cTag] ?? '');
    const translation = row[cTranslation] ?? '';
    const exchange = row[cExchange] ?? '';
    const entry: CompactEntry = {
      word,
      level,
      pos: posOfTranslation(translation),
      gloss: glossOfTranslation(translation),
      forms: formsOfExchange(exchange).map((f) => f.toLowerCase()),
    };
    if (!level) {
      const rank = frequencyRank(row[cFrq] ?? '', row[cBnc] ?? '');
      if (raw === word && rank > 0 && /\p{Script=Han}/u.test(entry.gloss) && !isInflection(exchange, entry.gloss))
        unlevelled.push({ entry, rank });
      continue;
    }
    const before = entries.get(word);
    if (!before || rankOf(level) < rankOf(before.level)) {
      if (before) entry.forms = [...new Set([...entry.forms, ...before.forms])];
      entries.set(word, entry);
    } else before.forms = [...new Set([...before.forms, ...entry.forms])];
  }
  // The exam words' forms (`went`, `mice`) are theirs, never frequent words of their own.
  const examForms = new Set<string>();
  for (const [lemma, forms] of lemmaList) if (entries.has(lemma)) for (const f of forms) examForms.add(f);
  for (const entry of entries.values()) for (const f of entry.forms) examForms.add(f);
  unlevelled.sort((a, b) => a.rank - b.rank || (a.entry.word < b.entry.word ? -1 : 1));
  let kept = 0;
  for (const { entry } of unlevelled) {
    if (kept >= frequent) break;
    if (entries.has(entry.word) || examForms.has(entry.word)) continue;
    entries.set(entry.word, entry);
    kept++;
  }
  for (const [lemma, forms] of lemmaList) {
    const entry = entries.get(lemma);
    if (entry) entry.forms = [...new Set([...entry.forms, ...forms])];
  }
  // Resolve forms: each form belongs to one lemma.
  const owner = new Map<string, CompactEntry>();
  const sorted = [...entries.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  for (const entry of sorted) {
    for (const form of entry.forms) {
      if (form === entry.word || !WORD_RE.test(form)) continue;
      const current = owner.get(form);
      if (!current || rankOf(entry.level) < rankOf(current.level)) owner.set(form, entry);
    }
  }
  for (const entry of sorted) entry.forms = [];
  for (const [form, entry] of owner) entry.forms.push(form);
  for (const entry of sorted) entry.forms.sort();
  return sorted;
}

/**
 * The committed file: a header comment line, then `word\tlevelRank\tpos\tgloss\tform,form` per lemma; the level
 * rank is empty for a word of no exam list.
 */
export function compactTsv(entries: readonly CompactEntry[], header: string): string {
  const lines = [`# ${header}`];
  for (const e of entries)
    lines.push([e.word, e.level === null ? '' : rankOf(e.level), e.pos, e.gloss, e.forms.join(',')].join('\t'));
  return `${lines.join('\n')}\n`;
}
