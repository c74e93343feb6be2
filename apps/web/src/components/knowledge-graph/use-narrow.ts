// Whether the window is narrower than `px` (the list view is the default there), following resizes.
import { useSyncExternalStore } from 'react';

/** Below this width the student's graphs show as a list by default. */
export const LIST_BELOW_PX = 600;

const narrowerThan = (px: number) => `(max-width: ${px - 1}px)`;

/** Whether the window is narrower than `px` now (outside React). */
export const isNarrow = (px: number) => window.matchMedia(narrowerThan(px)).matches;

export function useNarrow(px: number): boolean {
  const query = narrowerThan(px);
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener?.('change', notify);
      return () => list.removeEventListener?.('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
