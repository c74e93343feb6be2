// The recitation editor's work not yet saved, kept in this tab (docs/recitation.md "Unsaved work"): the title, the
// text and every sentence's image link and description, so that a trip to 文本比对 (or any page) and back, or a
// reload, finds them again. One draft per agency and text ("new" for a text not created yet); a draft of a text that
// was saved elsewhere since (another `updatedAt`) is not restored over it. Saving drops it.
import type { RecitationImageLink } from '@edu/contract';

export interface RecitationDraft {
  title: string;
  text: string;
  /** Every link the editor holds, those of sentences edited away included (they come back with their sentence). */
  links: RecitationImageLink[];
  /** The stored text's `updatedAt` the draft was made on; null for a new text. */
  base: number | null;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (agencyId: string, id: string | undefined) => `edu.recitationDraft.${agencyId}.${id ?? 'new'}`;

const isLink = (l: unknown): l is RecitationImageLink =>
  typeof l === 'object' &&
  l !== null &&
  typeof (l as RecitationImageLink).value === 'string' &&
  typeof (l as RecitationImageLink).img === 'string' &&
  typeof (l as RecitationImageLink).desc === 'string';

/** The draft kept for this text, if it was made on the stored version `base`. */
export function readDraft(
  agencyId: string,
  id: string | undefined,
  base: number | null,
  storage: DraftStorage = sessionStorage,
): RecitationDraft | null {
  try {
    const d = JSON.parse(storage.getItem(keyOf(agencyId, id)) ?? 'null') as Partial<RecitationDraft> | null;
    if (!d || typeof d.title !== 'string' || typeof d.text !== 'string' || !Array.isArray(d.links)) return null;
    if ((d.base ?? null) !== base || !d.links.every(isLink)) return null;
    return { title: d.title, text: d.text, links: d.links, base };
  } catch {
    return null;
  }
}

export function keepDraft(
  agencyId: string,
  id: string | undefined,
  draft: RecitationDraft,
  storage: DraftStorage = sessionStorage,
): void {
  try {
    storage.setItem(keyOf(agencyId, id), JSON.stringify(draft));
  } catch {
    // A full storage keeps nothing; leaving still asks first.
  }
}

export function dropDraft(agencyId: string, id: string | undefined, storage: DraftStorage = sessionStorage): void {
  storage.removeItem(keyOf(agencyId, id));
}
