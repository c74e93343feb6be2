// The text comparison's diff (docs/recitation.md "Text comparison"): a longest-common-subsequence diff on tokens —
// a Latin word or number, a run of whitespace, or any other single character (so Chinese compares character by
// character) — giving the runs that both texts share and those only one of them has.

export type DiffKind = 'same' | 'removed' | 'added';
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Above this many table cells (after the shared prefix and suffix are cut) the middle is shown as one change. */
export const DIFF_MAX_CELLS = 4_000_000;

/** Splits a text into tokens where a CJK character is a token on its own. */
export function tokenize(text: string): string[] {
  return (
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}'’]+|\s+|[\s\S]/gu) ?? []
  ).flatMap((t) => (/[\p{Script=Han}]/u.test(t) && t.length > 1 ? [...t] : [t]));
}

function push(parts: DiffPart[], kind: DiffKind, text: string) {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts of the old and new texts in order: `same` in both, `removed` only in the old, `added` only in the new. */
export function diffTexts(oldText: string, newText: string): DiffPart[] {
  const a = tokenize(oldText);
  const b = tokenize(newText);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, pre).join(''));
  const x = a.slice(pre, a.length - suf);
  const y = b.slice(pre, b.length - suf);
  const n = x.length;
  const m = y.length;
  if (n * m > DIFF_MAX_CELLS) {
    push(parts, 'removed', x.join(''));
    push(parts, 'added', y.join(''));
  } else {
    // lcs[i][j]: the LCS length of x[i..] and y[j..], in one flat array.
    const w = m + 1;
    const lcs = new Uint16Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * w + j] =
          x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (x[i] === y[j]) {
        push(parts, 'same', x[i]);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) push(parts, 'removed', x[i++]);
      else push(parts, 'added', y[j++]);
    }
    while (i < n) push(parts, 'removed', x[i++]);
    while (j < m) push(parts, 'added', y[j++]);
  }
  push(parts, 'same', a.slice(a.length - suf).join(''));
  return parts;
}
