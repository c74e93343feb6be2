// The Chinese feedback texts of a judged answer, in one place (an English locale can follow).
import { JUDGE_SIMILARITY_THRESHOLD } from '../helpers/similarity.js';

export const FEEDBACK = {
  correct: '回答正确',
  pending: '已提交，等待老师批改',
  wrong: (standard: string) => `回答错误，正确答案是 ${standard}`,
  wrongBlanks: (right: number, total: number, standard: string) =>
    `回答错误（答对 ${right}/${total} 空），正确答案是 ${standard}`,
  translationCorrect: (similarity: number) => `回答正确（相似度 ${similarity.toFixed(2)}%）`,
  translationWrong: (similarity: number, reference: string) =>
    `回答错误（相似度 ${similarity.toFixed(2)}%，需达到 ${JUDGE_SIMILARITY_THRESHOLD}%），参考译文：${reference}`,
  readingWrong: (right: number, total: number) => `回答错误，答对 ${right}/${total} 小题`,
  readingPending: (right: number, judged: number) =>
    `已提交，等待老师批改（已自动判分的 ${judged} 小题中答对 ${right} 小题）`,
} as const;

const TRUE_FALSE_LABEL: Record<string, string> = { T: '对', F: '错' };

/** Option letters as shown: `A、C`. */
export const showChoice = (letters: readonly string[]): string => letters.join('、') || '（无）';

/** `T` → 对, `F` → 错. */
export const showTrueFalse = (value: string): string => TRUE_FALSE_LABEL[value] ?? value;

/** Blanks as shown: `apple 或 apples` for one blank, `第 1 空：apple 或 apples；第 2 空：went` for several. */
export function showBlanks(blanks: readonly (readonly string[])[]): string {
  const shown = blanks.map((alternatives) => alternatives.join(' 或 '));
  if (shown.length === 1) return shown[0];
  return shown.map((text, i) => `第 ${i + 1} 空：${text}`).join('；');
}
