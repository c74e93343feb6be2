// The questions a student flagged for review (标记) in a running paper: kept in this browser's localStorage per
// training, so a reload keeps them; the server never sees them (docs/web.md "The exam page").
import { useCallback, useState } from 'react';
import type { KeyValueStorage } from '../../../app/stores';

export const flagsKey = (trainId: string) => `paperFlags:${trainId}`;

/** The flagged question ids of a training; none when nothing (or nothing readable) is stored. */
export function readFlags(storage: KeyValueStorage, trainId: string): string[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(flagsKey(trainId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Stores the flags (none: the key is removed). A full or blocked storage keeps them for this visit only. */
export function writeFlags(storage: KeyValueStorage, trainId: string, ids: readonly string[]): void {
  try {
    if (ids.length === 0) storage.removeItem(flagsKey(trainId));
    else storage.setItem(flagsKey(trainId), JSON.stringify(ids));
  } catch {
    // Storage refused (private mode, quota): the flags live in the page's state until it closes.
  }
}

const browserStorage = (): KeyValueStorage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The flags of a training, a toggle and a clear (after hand-in). */
export function usePaperFlags(trainId: string, storage: KeyValueStorage | null = browserStorage()) {
  const [flags, setFlags] = useState<ReadonlySet<string>>(() => new Set(storage ? readFlags(storage, trainId) : []));
  const toggle = useCallback(
    (questionId: string) => {
      const next = new Set(flags);
      if (!next.delete(questionId)) next.add(questionId);
      if (storage) writeFlags(storage, trainId, [...next]);
      setFlags(next);
    },
    [flags, storage, trainId],
  );
  const clear = useCallback(() => {
    if (storage) writeFlags(storage, trainId, []);
    setFlags(new Set());
  }, [storage, trainId]);
  return { flags, toggle, clear };
}
