// The store (docs/store.md): agencies browse and preview other agencies' shared repositories of both kinds;
// subscribing is the repositories' own call. A platform admin withdraws a repository from the store with a
// reason its owner sees, and restores it. The rules are the pure policy (store.policy.ts).
import type {
  StoreAdminListQuery,
  StoreKind,
  StoreListQuery,
  StoreQuestionItem,
  StoreRepo,
  StoreSchemeItem,
} from '@edu/contract';
import { conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { adminPreviewLevel, mayRestore, mayWithdraw, previewLevel, type PreviewLevel } from './store.policy.js';
import type { StoreRepository, StoreRow, StoreViewer } from './store.repository.js';

type Page = { start: number; size: number };

/** The texts of each kind, exactly as the API answers them. */
const TEXTS = {
  question: {
    notFound: '题库不存在',
    notShared: '该题库没有共享到商店，不能下架',
    already: '该题库已经下架',
    notWithdrawn: '该题库没有被下架',
  },
  train: {
    notFound: '方案库不存在',
    notShared: '该方案库没有共享到商店，不能下架',
    already: '该方案库已经下架',
    notWithdrawn: '该方案库没有被下架',
  },
} as const;

const toWire = (kind: StoreKind, r: StoreRow): StoreRepo => ({
  id: String(r.id),
  kind,
  agencyId: r.agencyId,
  agencyName: r.agencyName,
  name: r.name,
  description: r.description,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  gradeId: r.gradeId,
  gradeName: r.gradeName,
  itemCount: r.itemCount,
  subscribed: r.subscribed,
  withdrawal: r.withdrawnAt ? { reason: r.withdrawnReason ?? '', time: r.withdrawnAt.getTime() } : null,
  lastUpdate: r.updatedAt.getTime(),
});

export class StoreService {
  constructor(
    private readonly repo: StoreRepository,
    private readonly clock: Clock,
  ) {}

  private async page(kind: StoreKind, viewer: StoreViewer, q: StoreListQuery) {
    const { total, rows } = await this.repo.list(kind, viewer, q);
    return { total, list: rows.map((r) => toWire(kind, r)) };
  }

  /** What an agency's staff see in the store: other agencies' shared repositories not withdrawn. */
  list(agencyId: string, q: StoreListQuery) {
    return this.page(q.kind, { agencyId }, q);
  }

  /** What the platform admin sees: every shared or withdrawn repository. */
  adminList(q: StoreAdminListQuery) {
    return this.page(q.kind, { admin: true, withdrawn: q.withdrawn }, q);
  }

  /** The repository and how much of it the viewer may preview; 404 for what it may not see at all. */
  private async previewable(kind: StoreKind, id: string, agencyId: string | null): Promise<[number, PreviewLevel]> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(kind, n, agencyId);
    const level = agencyId === null ? adminPreviewLevel(row) : previewLevel(row, agencyId);
    if (!row || level === 'none') throw notFound(TEXTS[kind].notFound);
    return [row.id, level];
  }

  /** A question repository's questions; answers and explanations only at the 'full' level (docs/store.md "Preview"). */
  async questions(agencyId: string | null, id: string, page: Page) {
    const [repoId, level] = await this.previewable('question', id, agencyId);
    const { total, rows } = await this.repo.questions(repoId, page);
    const full = level === 'full';
    const list: StoreQuestionItem[] = rows.map((q) => ({
      id: String(q.id),
      type: q.type as StoreQuestionItem['type'],
      title: q.title,
      question: q.question,
      options: q.options,
      subCount: q.subCount,
      knowledgeName: q.knowledgeName,
      answer: full ? q.answer : null,
      explanation: full ? q.explanation : null,
    }));
    return { total, list };
  }

  /** A train repository's schemes: titles and shapes, never their phases. */
  async schemes(agencyId: string | null, id: string, page: Page) {
    const [repoId] = await this.previewable('train', id, agencyId);
    const { total, rows } = await this.repo.schemes(repoId, page);
    const list: StoreSchemeItem[] = rows.map((s) => ({
      id: String(s.id),
      title: s.title,
      type: s.type,
      phaseCount: s.phaseCount,
      lastUpdate: s.updatedAt.getTime(),
    }));
    return { total, list };
  }

  private async row(kind: StoreKind, id: string): Promise<StoreRow | undefined> {
    const n = parseNumericId(id);
    return n === null ? undefined : this.repo.get(kind, n, null);
  }

  private async reload(kind: StoreKind, id: number): Promise<StoreRepo> {
    const row = await this.repo.get(kind, id, null);
    if (!row) throw notFound(TEXTS[kind].notFound);
    return toWire(kind, row);
  }

  /** Out of the store with a reason; its subscribers keep using it (docs/store.md "Withdrawal"). */
  async withdraw(kind: StoreKind, id: string, reason: string, by: number): Promise<StoreRepo> {
    const row = await this.row(kind, id);
    const verdict = mayWithdraw(row);
    if (verdict === 'already_withdrawn') throw conflict(TEXTS[kind].already);
    if (verdict === 'not_shared') throw conflict(TEXTS[kind].notShared);
    if (verdict !== 'ok' || !row) throw notFound(TEXTS[kind].notFound);
    await this.repo.setWithdrawal(kind, row.id, { at: new Date(this.clock.now()), reason, by });
    return this.reload(kind, row.id);
  }

  /** Back in the store (when still shared), and its owner may share it again. */
  async restore(kind: StoreKind, id: string): Promise<StoreRepo> {
    const row = await this.row(kind, id);
    const verdict = mayRestore(row);
    if (verdict === 'not_withdrawn') throw conflict(TEXTS[kind].notWithdrawn);
    if (verdict !== 'ok' || !row) throw notFound(TEXTS[kind].notFound);
    await this.repo.setWithdrawal(kind, row.id, null);
    return this.reload(kind, row.id);
  }
}
