// The workbench's keyboard (docs/marking.md "Pages"): J or ↓ next answer, K or ↑ previous (not while typing in a
// field), Enter saves (Ctrl+Enter inside the comment, where Enter is a new line).
import { useEffect } from 'react';

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT' || el.isContentEditable);

export function useMarkingKeys(go: (delta: number) => void, save: () => Promise<void>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.metaKey) return;
      const inField = typing(e.target);
      const textarea = e.target instanceof HTMLElement && e.target.tagName === 'TEXTAREA';
      if (e.key === 'Enter') {
        if (textarea && !e.ctrlKey) return;
        e.preventDefault();
        void save();
        return;
      }
      if (inField || e.ctrlKey) return;
      if (e.key === 'j' || e.key === 'J' || e.key === 'ArrowDown') {
        e.preventDefault();
        go(1);
      } else if (e.key === 'k' || e.key === 'K' || e.key === 'ArrowUp') {
        e.preventDefault();
        go(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, save]);
}
