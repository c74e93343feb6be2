// The differing parts of two texts (text-diff.ts): removed parts struck through in red, added parts in green.
import type { DiffPart } from './text-diff';

const STYLE: Record<DiffPart['kind'], React.CSSProperties | undefined> = {
  same: undefined,
  removed: { background: '#fff1f0', color: '#cf1322', textDecoration: 'line-through' },
  added: { background: '#f6ffed', color: '#389e0d' },
};

/** `show` picks the side: the old text's parts (same + removed) or the new text's (same + added). */
export function DiffView({ parts, show }: { parts: readonly DiffPart[]; show: 'old' | 'new' }) {
  const hidden = show === 'old' ? 'added' : 'removed';
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8 }}>
      {parts.map((p, i) =>
        p.kind === hidden ? null : p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : (
          <mark key={i} data-kind={p.kind} style={{ ...STYLE[p.kind], padding: 0 }}>
            {p.text}
          </mark>
        ),
      )}
    </div>
  );
}
