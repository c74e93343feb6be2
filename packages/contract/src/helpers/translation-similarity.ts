// Translation judging's similarity (docs/judging.md "Judging rules", docs/reading.md "Judging translations"): tolerant
// of word order and near-synonyms, strict on negation, people, numbers and times. Deterministic; calibrated on the
// right and wrong student translations of apps/server/src/features/reading-steps/translation-pairs.ts (docs/reading.md
// "Judging translations" gives the error rates).

/**
 * Near-synonyms a student may use for the reference's word: each group is read as its first member. Longer
 * spellings are replaced first, so `锻炼身体` is one word and not `锻炼` + `身体`.
 */
export const TRANSLATION_SYNONYMS: readonly (readonly string[])[] = [
  ['运动', '锻炼身体', '做运动', '锻炼', '健身'],
  ['意识到', '认识到', '察觉到', '觉察到', '发觉', '察觉', '领悟到'],
  ['每天', '天天', '每日'],
  ['喜欢', '喜爱', '爱好'],
  ['帮助', '帮忙'],
  ['但是', '可是', '然而', '不过', '只是'],
  ['因为', '由于'],
  ['所以', '因此', '因而'],
  ['很', '非常', '十分', '特别', '极其', '相当'],
  ['父母', '爸爸妈妈', '爸妈', '双亲'],
  ['孩子', '小孩子', '小孩', '儿童'],
  ['老师', '教师'],
  ['快乐', '开心', '高兴', '愉快'],
  ['伤心', '难过', '悲伤'],
  ['如果', '假如', '要是', '假若'],
  ['也许', '可能', '或许', '大概'],
  ['仍然', '仍旧', '依然', '依旧'],
  ['突然', '忽然', '猛然'],
  ['最后', '最终', '终于'],
  ['总是', '一直', '始终', '老是'],
  ['经常', '常常', '时常', '通常', '往往'],
  ['看到', '看见', '见到'],
  ['知道', '晓得'],
  ['认为', '以为'],
  ['感到', '觉得', '感觉'],
  ['孤独', '孤单', '寂寞'],
  ['激动', '兴奋'],
  ['睡着', '入睡'],
  ['眼界', '视野'],
  ['凭着', '靠着', '凭借', '依靠'],
  ['富有', '有钱'],
  ['之前', '以前'],
  ['哪里', '哪儿'],
  ['生活', '居住', '住'],
  ['让', '要求'],
  ['求助', '寻求帮助'],
  ['变化', '改变', '变'],
  ['学校', '上学'],
  ['完成', '做完'],
  ['有害', '有坏处', '有害处'],
  ['方法', '办法', '方式'],
  ['许多', '很多', '好多', '大量', '众多'],
  ['一些', '有些', '某些'],
  ['美丽', '漂亮', '好看'],
  ['努力', '尽力', '刻苦'],
  ['害怕', '恐惧', '惧怕'],
  ['担心', '担忧', '忧虑'],
  ['照顾', '照料', '照看'],
  ['立刻', '立即', '马上', '立马'],
  ['坚持不懈', '持之以恒', '锲而不舍', '坚持到底'],
  ['嘲笑', '讥笑', '取笑', '笑话'],
  ['赢得', '获胜', '赢了', '赢'],
  ['比赛', '竞赛', '赛跑'],
  ['妈妈', '母亲'],
  ['爸爸', '父亲'],
  ['睡眠', '睡觉'],
  ['学习', '念书', '读书'],
  ['明白', '懂得', '理解'],
  ['开始', '着手'],
  ['决定', '下决心', '决心'],
  ['重要', '要紧'],
  ['能够', '可以', '能'],
  ['需要', '需'],
  ['告诉', '告知'],
  ['回家', '回到家'],
  ['朋友', '伙伴'],
  ['人们', '大家'],
  ['问题', '难题'],
  ['跑步', '慢跑'],
  ['慢', '缓慢'],
  ['他们', '她们'],
  ['好像', '似乎', '仿佛'],
];

/** Particles whose presence changes nothing a teacher marks: dropped before comparing. */
const PARTICLES = /[的地得了着呢吧啊呀嘛哦都也就]/g;
/** Punctuation and white space, ASCII and CJK. */
const PUNCTUATION = /[\s\p{P}\p{S}]/gu;

const synonymPattern = (() => {
  const entries: [string, string][] = [];
  for (const group of TRANSLATION_SYNONYMS) for (const word of group) entries.push([word, group[0]]);
  entries.sort((a, b) => b[0].length - a[0].length);
  return {
    re: new RegExp(entries.map(([w]) => w).join('|'), 'g'),
    to: new Map(entries),
  };
})();

/** NFKC, lower case, near-synonyms read as one word, particles, punctuation and spaces dropped. */
export function canonicalTranslation(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(synonymPattern.re, (w) => synonymPattern.to.get(w) ?? w)
    .replace(PARTICLES, '')
    .replace(PUNCTUATION, ' ')
    .trim();
}

/** The units compared: each CJK character, each run of other letters or digits (an English word). */
function units(text: string): string[] {
  return text.match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? [];
}

function bag<T>(items: readonly T[]): Map<T, number> {
  const m = new Map<T, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** F1 of two multisets. Two empty ones are equal (1). */
function multisetF1(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const counts = bag(b);
  let same = 0;
  for (const x of a) {
    const c = counts.get(x) ?? 0;
    if (c > 0) {
      same++;
      counts.set(x, c - 1);
    }
  }
  return (2 * same) / (a.length + b.length);
}

const pairs = (u: readonly string[]) => u.slice(1).map((x, i) => `${u[i]}${x}`);

/** Words holding a negation character that do not negate (不但, 别人, 无论…): removed before counting negations. */
const NOT_NEGATING =
  /不但|不仅|不管|不同|不久|不断|不错|不懈|不停|不少|别人|别的|特别|分别|区别|无论|无聊|除非|是否|否则/g;
const NEGATION = /[不没未别勿无非否]|\b(?:never|not|no|nobody|nothing)\b/g;
const PEOPLE = /我们|你们|他们|咱们|[我你他她它您]|\b(?:i|you|he|she|it|we|they|me|him|her|us|them)\b/g;
/** Numbers: digits, or Chinese numerals before a measure word (一些, 一起 are none; a lone 一 is an article). */
const NUMBER =
  /\d+|(?!一(?![零一二两三四五六七八九十百千万亿]))[零一二两三四五六七八九十百千万亿]+(?=[个只本年天岁次位名件条张元米分点周月号倍遍口家棵座层句])/g;
/** Days, seasons and times: another one changes the meaning (昨天 / 今天, 春天 / 秋天, 星期一 / 星期五). */
const TIME =
  /星期[一二三四五六日天]|[今昨明前后]天|[去今明]年|[春夏秋冬]天|早上|上午|中午|下午|晚上|过去|将来|现在|以后/g;
/** People named by what they are: another one is another person (男孩 / 女孩, 爸爸 / 妈妈, 学生 / 老师). */
const PERSON_NOUN =
  /男孩|女孩|男人|女人|爸爸|妈妈|儿子|女儿|哥哥|姐姐|弟弟|妹妹|老师|学生|老人|孩子|医生|朋友|父母|兔子|乌龟/g;

const negations = (t: string) => (t.replace(NOT_NEGATING, '').match(NEGATION) ?? []).length % 2;
const people = (t: string) => [
  ...(t.replace(/其他|其它|他人/g, '').match(PEOPLE) ?? []),
  ...(t.match(PERSON_NOUN) ?? []),
];
const weekday = (t: string) => t.replace(/(?:周|礼拜)([一二三四五六日天])/g, '星期$1');
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** Weight of the unit F1 (order-free) against the F1 of neighbouring pairs of units (order-aware). */
export const TRANSLATION_UNIT_WEIGHT = 0.7;
/** The factor a translation is multiplied by for each of: negation, people, numbers, times unlike the reference's. */
export const TRANSLATION_MISMATCH_FACTOR = 0.6;

/**
 * 0–100, two decimals, symmetric: 100 × (0.7 × the F1 of the two texts' characters — words for English — taken as
 * bags, order ignored + 0.3 × the F1 of their neighbouring pairs), after `canonicalTranslation`; × 0.6 when one
 * says not and the other does not, × 0.6 when they name other people (我, 他们, 女孩…), × 0.6 for other numbers,
 * × 0.6 for other days or times.
 */
export function translationSimilarity(reference: string, answer: string): number {
  const a = weekday(canonicalTranslation(reference));
  const b = weekday(canonicalTranslation(answer));
  const ua = units(a);
  const ub = units(b);
  if (ua.length === 0 || ub.length === 0) return ua.length === ub.length ? 100 : 0;
  const pa = pairs(ua);
  const pb = pairs(ub);
  let score =
    pa.length + pb.length === 0
      ? multisetF1(ua, ub)
      : TRANSLATION_UNIT_WEIGHT * multisetF1(ua, ub) + (1 - TRANSLATION_UNIT_WEIGHT) * multisetF1(pa, pb);
  if (negations(a) !== negations(b)) score *= TRANSLATION_MISMATCH_FACTOR;
  if (!sameSet(people(a), people(b))) score *= TRANSLATION_MISMATCH_FACTOR;
  if (!sameSet(a.match(NUMBER) ?? [], b.match(NUMBER) ?? [])) score *= TRANSLATION_MISMATCH_FACTOR;
  if (!sameSet(a.match(TIME) ?? [], b.match(TIME) ?? [])) score *= TRANSLATION_MISMATCH_FACTOR;
  return Math.round(score * 10_000) / 100;
}
