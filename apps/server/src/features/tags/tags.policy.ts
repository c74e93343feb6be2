// Pure rules of tags (docs/domain.md "Questions and repositories"): names unique per agency; the system tags example/mock/variant have
// fixed keys, exist in every agency and can be neither renamed, merged away nor deleted.
import type { SystemTagKey } from '@edu/contract';

/** The system tags every agency has, with their Chinese names. */
export const SYSTEM_TAGS: readonly { key: SystemTagKey; name: string }[] = [
  { key: 'example', name: '例题' },
  { key: 'mock', name: '模拟题' },
  { key: 'variant', name: '变式题' },
];

export const isSystemTag = (tag: { key: string | null }) => tag.key !== null;

/**
 * A selector or filter naming a tag matches a tag by its name, and a system tag also by its key, so
 * `variant` and `变式题` both select the variant questions.
 */
export function tagMatches(tag: { name: string; key: string | null }, wanted: string): boolean {
  return tag.name === wanted || (tag.key !== null && tag.key === wanted);
}

/** Tag names as given on a question: trimmed, blank and duplicate names dropped, order kept. */
export function normaliseTagNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}
