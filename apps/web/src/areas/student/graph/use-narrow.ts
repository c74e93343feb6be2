// Whether the window is narrower than `px` (the list view is the default there), following resizes.
import { useSyncExternalStore } from 'react';

export function useNarrow(px: number): boolean {
  const query = `(max-width: ${px - 1}px)`;
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
