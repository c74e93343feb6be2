// Other names people write for the platform's grades in an enrolment file (docs/enrolment.md "Template"): the
// numbered grades of the national curriculum (七年级 = 初一 …), the long forms (初中一年级, 高中一年级, 小学一年级)
// and Arabic numerals (7年级, 初1, 高1). Each alias names the grade whose platform name it stands for.
const CN_DIGITS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];
const STAGES: [stage: string, short: string, first: number][] = [
  ['小学', '', 1],
  ['初中', '初', 7],
  ['高中', '高', 10],
];

/** Alias → the platform's grade name (`一年级`…`六年级`, `初一`…`初三`, `高一`…`高三`). */
export const GRADE_ALIASES: ReadonlyMap<string, string> = (() => {
  const out = new Map<string, string>();
  for (const [stage, short, first] of STAGES)
    for (let i = 0; i < (first === 1 ? 6 : 3); i++) {
      const year = first + i; // 1–12
      const name = short ? `${short}${CN_DIGITS[i]}` : `${CN_DIGITS[i]}年级`;
      const inStage = `${CN_DIGITS[i]}年级`;
      for (const alias of [
        `${CN_DIGITS[year - 1]}年级`,
        `${year}年级`,
        `${stage}${inStage}`,
        `${stage}${i + 1}年级`,
        ...(short ? [`${short}${i + 1}`, `${short}中${CN_DIGITS[i]}`] : []),
      ])
        if (alias !== name) out.set(alias, name);
    }
  return out;
})();

/** A grade cell as written, without blanks (`初 一`, `七 年级`), for looking it or its alias up. */
export const gradeKey = (cell: string) => cell.replace(/\s+/g, '');
