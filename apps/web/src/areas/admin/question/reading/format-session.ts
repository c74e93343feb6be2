// What 格式化文章 remembers between renders of the question form (docs/web.md "AI reading"): the level, the glossary,
// the article last sent and every word seen out of scope. The edit page holds it above the form, so that the form
// being rebuilt from the stored question (after a generation or a review action) keeps the formatted article.
import { useCallback, useMemo, useState } from 'react';
import type { OutScopeWord, ReadingLevelValue } from '@edu/contract';

export interface FormatSessionState {
  level: ReadingLevelValue;
  glossary: string[];
  /** The article as last sent to be formatted; null before the first time. */
  sent: string | null;
  /** Every word seen out of scope, by lemma: a word moved into the glossary stays listed (and can be moved back). */
  seen: ReadonlyMap<string, OutScopeWord>;
}

export interface FormatSession extends FormatSessionState {
  update: (patch: Partial<Omit<FormatSessionState, 'seen'>>) => void;
  remember: (words: readonly OutScopeWord[]) => void;
}

const INITIAL: FormatSessionState = { level: 'senior', glossary: [], sent: null, seen: new Map() };

export function useFormatSession(): FormatSession {
  const [state, setState] = useState<FormatSessionState>(INITIAL);
  const update = useCallback(
    (patch: Partial<Omit<FormatSessionState, 'seen'>>) => setState((s) => ({ ...s, ...patch })),
    [],
  );
  const remember = useCallback(
    (words: readonly OutScopeWord[]) =>
      setState((s) => {
        if (words.every((w) => s.seen.has(w.lemma))) return s;
        const seen = new Map(s.seen);
        for (const w of words) if (!seen.has(w.lemma)) seen.set(w.lemma, w);
        return { ...s, seen };
      }),
    [],
  );
  return useMemo(() => ({ ...state, update, remember }), [state, update, remember]);
}
