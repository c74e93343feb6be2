// Pure rules of questions: who reads the full question, whether an edit versions, plain text for search.
import { ROLE_SETS, satisfies, type QuestionEditable } from '@edu/contract';
import type { RepoAccess } from '../repositories/repositories.policy.js';

/**
 * Staff who read the bank read a question by id; everyone else (students, parents…) gets 404 there and reads
 * questions only through their own trainings or a published question's public page.
 */
export function readsFullQuestion(roles: readonly string[], agencyId: string): boolean {
  return satisfies(roles, ROLE_SETS.questionReader, agencyId);
}

/** How the agency relates to a question: through its own repository, a subscribed one, or not at all. */
export function questionAccess(
  q: { agencyId: string; repoId: number } | undefined,
  agencyId: string,
  subscribedRepoIds: readonly number[],
): RepoAccess {
  if (!q) return 'none';
  if (q.agencyId === agencyId) return 'owned';
  return subscribedRepoIds.includes(q.repoId) ? 'subscribed' : 'none';
}

/** `editable`: only the owner edits; an edit creates a new version once the current one has records. */
export function editability(access: 'owned' | 'subscribed', records: number, version: number): QuestionEditable {
  if (access === 'subscribed')
    return {
      editable: false,
      willVersion: false,
      records,
      version,
      reason: '该题目属于引用的共享题库，只能查看，不能编辑',
    };
  return { editable: true, willVersion: records > 0, records, version, reason: null };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };

/** Plain text of HTML for the trigram keyword search: tags dropped, basic entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text searched by keyword: title, stem, options and sub-questions (capped). */
export function searchTextOf(q: {
  title: string;
  question: string;
  options: readonly { content: string }[];
  questionSub: readonly { title: string; desc: string; options: readonly { content: string }[] }[];
}): string {
  const parts = [
    q.title,
    plainText(q.question),
    ...q.options.map((o) => plainText(o.content)),
    ...q.questionSub.flatMap((s) => [
      plainText(s.title),
      plainText(s.desc),
      ...s.options.map((o) => plainText(o.content)),
    ]),
  ];
  return parts
    .filter((p) => p !== '')
    .join(' ')
    .slice(0, 20_000);
}
