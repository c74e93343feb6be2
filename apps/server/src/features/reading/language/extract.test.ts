// The ECDICT extraction on a committed sample of real ECDICT rows (docs/reading.md "Language data and formatting").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseExamWords } from './dictionary.js';
import {
  compactTsv,
  extractCompactEntries,
  formsOfExchange,
  frequencyRank,
  GLOSS_MAX,
  glossOfTranslation,
  levelOfTags,
  parseCsv,
  parseLemmaList,
  posOfTranslation,
} from './extract.js';

const SAMPLE = readFileSync(new URL('./data/ecdict-sample.csv', import.meta.url), 'utf8');
const LEMMAS = parseLemmaList(
  "; a comment line\nbe/4109826 -> is,was,are,were,'s,been,being,'re,'m,am,m\ngo/227247 -> going,went,gone,goes,goin'\n",
);

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const rows = [...parseCsv('a,"b, c","say ""hi""",\n"multi\nline",x,,\r\nlast')];
    expect(rows).toEqual([['a', 'b, c', 'say "hi"', ''], ['multi\nline', 'x', '', ''], ['last']]);
  });
});

describe('row fields', () => {
  it('takes the lowest exam level of the tags', () => {
    expect(levelOfTags('gk cet4 ky ielts')).toBe('senior');
    expect(levelOfTags('cet6 cet4')).toBe('cet4');
    expect(levelOfTags('zk gk')).toBe('junior');
    expect(levelOfTags('ky toefl')).toBe('kaoyan');
    expect(levelOfTags('ielts toefl gre')).toBeNull();
    expect(levelOfTags('')).toBeNull();
  });

  it('glosses from the first translation line, without POS prefix or notes, within GLOSS_MAX', () => {
    expect(glossOfTranslation('vt. 分析, 细察, 分解\\n[经] 分析')).toBe('分析；细察；分解');
    expect(glossOfTranslation('[网络] 胡德\\na. 快乐的, 幸福的')).toBe('快乐的；幸福的');
    const long = glossOfTranslation(`n. ${'很长的意思'.repeat(3)}, ${'另一个意思'.repeat(3)}`);
    expect(long.length).toBeLessThanOrEqual(GLOSS_MAX);
    expect(long).toBe('很长的意思很长的意思很长的意思');
    expect(glossOfTranslation('n. (美)电梯, 升降机')).toBe('电梯；升降机');
    expect(glossOfTranslation('')).toBe('');
  });

  it('names the part of speech of the first sense', () => {
    expect(posOfTranslation('vt. 分析')).toBe('v');
    expect(posOfTranslation('a. 快乐的')).toBe('adj');
    expect(posOfTranslation('pl. 老鼠')).toBe('n');
    expect(posOfTranslation('ad. 迅速地')).toBe('adv');
    expect(posOfTranslation('interj. 喂')).toBe('int');
    expect(posOfTranslation('go的过去式')).toBe('');
  });

  it('lists the inflections of exchange, not the lemma of a form', () => {
    expect(formsOfExchange('i:going/p:went/d:gone/3:goes')).toEqual(['going', 'went', 'gone', 'goes']);
    expect(formsOfExchange('0:mouse/1:s')).toEqual([]);
    expect(formsOfExchange('')).toEqual([]);
  });
});

describe('extractCompactEntries on the sample', () => {
  const entries = extractCompactEntries(SAMPLE, LEMMAS);
  const byWord = new Map(entries.map((e) => [e.word, e]));

  it('keeps single words with an exam tag, at their lowest level, and frequent words of none without a level', () => {
    expect([...byWord.keys()]).toEqual([
      'abandon',
      'analyse',
      'be',
      'blog',
      'book',
      'cellphone',
      'criteria',
      'criterion',
      'data',
      'go',
      'happy',
      'hello',
      'magnificent',
      'may',
      'mouse',
      'ridicule',
      'run',
      'thou',
      'tortoise',
    ]);
    // `a lot` is a phrase; `gonna` has no exam tag and no frequency rank; `went`/`was`/`mice` are forms without tags
    // (`was` is ranked, but it is be's form). `blog`, `cellphone` and `thou` are ranked words of no exam list.
    expect(byWord.get('blog')).toMatchObject({ level: null, pos: 'n', gloss: '博客；部落格；网络日志' });
    expect(byWord.get('blog')?.forms).toEqual(['blogged', 'blogging', 'blogs']);
    expect(byWord.get('thou')).toMatchObject({ level: null, pos: 'pron', gloss: '汝；你；尔' });
    expect(byWord.get('analyse')).toMatchObject({ level: 'cet4', pos: 'v', gloss: '分析；细察；分解' });
    expect(byWord.get('abandon')?.level).toBe('senior');
    expect(byWord.get('ridicule')?.level).toBe('cet6');
    expect(byWord.get('book')).toMatchObject({ level: 'junior', pos: 'n' });
    expect(byWord.get('happy')).toMatchObject({ level: 'junior', pos: 'adj', gloss: '快乐的；幸福的；愉快的；恰当的' });
  });

  it('resolves inflected forms through exchange and the lemma list', () => {
    expect(byWord.get('go')?.forms).toEqual(['goes', 'going', 'gone', 'went']);
    expect(byWord.get('mouse')?.forms).toContain('mice');
    expect(byWord.get('be')?.forms).toEqual(expect.arrayContaining(['am', 'are', 'been', 'is', 'was', 'were']));
    // `'s` and `goin'` are not words; `criteria` is an entry and also criterion's form.
    expect(byWord.get('be')?.forms).not.toContain("'s");
    expect(byWord.get('go')?.forms).not.toContain("goin'");
    expect(byWord.get('criterion')?.forms).toContain('criteria');
  });

  it('keeps only the best-ranked frequent words of no exam list (the better of frq and bnc)', () => {
    expect(frequencyRank('8663', '4603')).toBe(4603);
    expect(frequencyRank('0', '7748')).toBe(7748);
    expect(frequencyRank('0', '0')).toBe(0);
    const two = extractCompactEntries(SAMPLE, LEMMAS, 2).filter((e) => e.level === null);
    expect(two.map((e) => e.word)).toEqual(['blog', 'thou']);
    expect(extractCompactEntries(SAMPLE, LEMMAS, 0).some((e) => e.level === null)).toBe(false);
  });

  it('round-trips through the committed TSV format', () => {
    const dict = parseExamWords(compactTsv(entries, 'sample'));
    expect(dict.entries).toHaveLength(entries.length);
    expect(dict.lookup('went')?.word).toBe('go');
    expect(dict.lookup('mice')?.word).toBe('mouse');
    expect(dict.lookup('were')?.word).toBe('be');
    expect(dict.lookup('analysed')?.word).toBe('analyse');
    // Regular suffix rules where exchange lists nothing: happily → happy, tortoises → tortoise.
    expect(dict.lookup('happily')?.word).toBe('happy');
    expect(dict.lookup('hellos')?.word).toBe('hello');
    expect(dict.lookup('magnificently')?.word).toBe('magnificent');
    expect(dict.lookup('gonna')).toBeUndefined();
    expect(dict.entry('went')).toBeUndefined();
    expect(dict.entry('was')).toBeUndefined();
    // A frequent word of no exam list: its gloss, its forms, no level.
    expect(dict.lookup('thou')).toMatchObject({ word: 'thou', level: null });
    expect(dict.lookup('blogging')).toMatchObject({ word: 'blog', level: null, gloss: '博客；部落格；网络日志' });
    // An entry that is also a form reads as the lower level: criteria (CET-6) is criterion's plural (高中).
    expect(dict.entry('criteria')?.level).toBe('cet6');
    expect(dict.lookup('criteria')?.word).toBe('criterion');
  });
});
