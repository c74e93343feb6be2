// What the two kinds of repositories share: the agency's own (private or shared to the store) and the shared
// ones it uses by reference, listed, written and subscribed to alike. Question repositories
// (repositories.service.ts) and train repositories (schemes/train-repos.service.ts) differ only in their texts
// and the name of their item count; the access rules are the pure policy (repositories.policy.ts).
import type { QuestionRepo } from '@edu/contract';
import { conflict, forbidden, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { mayShare, maySubscribe, mayWrite, repoAccess, type RepoAccess } from './repositories.policy.js';
import type { RepoKindRepository, RepoKindRow, RepoKindWrite } from '../../db/repository-kind.js';

/** A kind of repository: the wire name of its item count and its texts (error messages exactly as the API answers). */
export interface RepoKind<K extends string> {
  /** `questionCount`, `schemeCount`. */
  countKey: K;
  /** The name of the repository every agency starts with. */
  defaultName: string;
  /** 404: unknown, foreign or malformed id. */
  notFound: string;
  /** 403: a write to a repository used by reference. */
  readOnly: string;
  /** 409: deleting a repository that still holds items. */
  notEmpty: string;
  /** 409: subscribing to the agency's own repository. */
  own: string;
  /** 404: unsubscribing from a repository the agency does not use by reference. */
  notSubscribed: string;
  /** 409: subscribing to a repository a platform admin withdrew from the store. */
  withdrawn: string;
  /** 409: the owner sharing again a repository a platform admin withdrew. */
  reshareWithdrawn: string;
}

/** A repository on the wire (the contract's QuestionRepo, TrainRepo): its item count under the kind's name. */
export type RepoWire<K extends string> = Omit<QuestionRepo, 'questionCount'> & Record<K, number>;

type Page = { start: number; size: number };

/** The withdrawal on the wire, or null while the repository is in the store (or not shared). */
export const withdrawalOf = (row: RepoKindRow) =>
  row.withdrawnAt ? { reason: row.withdrawnReason ?? '', time: row.withdrawnAt.getTime() } : null;

export class RepoKindService<K extends string> {
  /**
   * Agency → subscribed shared repositories (kept `cacheSeconds`, 0 = not kept): every question read needs
   * them. Any change to subscriptions, sharing or repositories empties it in this process (docs/performance.md).
   */
  private readonly subscriptions: TtlCache<string, number[]>;

  constructor(
    private readonly repo: RepoKindRepository,
    private readonly clock: Clock,
    private readonly kind: RepoKind<K>,
    cacheSeconds = 0,
  ) {
    this.subscriptions = new TtlCache(cacheSeconds * 1000, 10_000, clock);
  }

  private toWire(row: RepoKindRow, agencyId: string, subscribed?: boolean): RepoWire<K> {
    return {
      id: String(row.id),
      agencyId: row.agencyId,
      agencyName: row.agencyName,
      name: row.name,
      description: row.description,
      shared: row.shared,
      owned: row.agencyId === agencyId,
      ...(subscribed === undefined ? {} : { subscribed }),
      subjectId: row.subjectId,
      gradeId: row.gradeId,
      // Only its owner reads why a platform admin withdrew it (docs/store.md "Withdrawal").
      ...(row.agencyId === agencyId ? { withdrawal: withdrawalOf(row) } : {}),
      ...({ [this.kind.countKey]: row.itemCount } as Record<K, number>),
      createTime: row.createdAt.getTime(),
      lastUpdate: row.updatedAt.getTime(),
    };
  }

  /** Ids of the shared repositories the agency reads by reference. */
  subscribedIds(agencyId: string): Promise<number[]> {
    return this.subscriptions.getOrLoad(agencyId, () => this.repo.subscribedIds(agencyId));
  }

  /** The row and how the agency relates to it ('none' for unknown, foreign or malformed ids). */
  async access(agencyId: string, id: string | number): Promise<{ row?: RepoKindRow; access: RepoAccess }> {
    const n = typeof id === 'number' ? id : parseNumericId(id);
    if (n === null) return { access: 'none' };
    const row = await this.repo.get(n);
    if (!row) return { access: 'none' };
    const subscribed = row.agencyId !== agencyId && (await this.repo.isSubscribed(agencyId, n));
    const access = repoAccess(row, agencyId, subscribed);
    return access === 'none' ? { access } : { row, access };
  }

  /** The repository the agency may write to; 404 when it cannot see it, 403 when it is read-only. */
  async writable(agencyId: string, id: string | number): Promise<RepoKindRow> {
    const { row, access } = await this.access(agencyId, id);
    const verdict = mayWrite(access);
    if (verdict === 'read_only') throw forbidden(this.kind.readOnly);
    if (verdict !== 'ok' || !row) throw notFound(this.kind.notFound);
    return row;
  }

  async list(agencyId: string, page: Page) {
    const { total, rows } = await this.repo.listVisible(agencyId, await this.repo.subscribedIds(agencyId), page);
    return { total, list: rows.map((r) => this.toWire(r, agencyId)) };
  }

  async store(agencyId: string, page: Page) {
    const [{ total, rows }, subs] = await Promise.all([
      this.repo.listStore(agencyId, page),
      this.repo.subscribedIds(agencyId),
    ]);
    const subscribed = new Set(subs);
    return { total, list: rows.map((r) => this.toWire(r, agencyId, subscribed.has(r.id))) };
  }

  async get(agencyId: string, id: string): Promise<RepoWire<K>> {
    const { row } = await this.access(agencyId, id);
    if (!row) throw notFound(this.kind.notFound);
    return this.toWire(row, agencyId);
  }

  /** 400 on a subject or grade that is not in its dictionary. */
  private async checkDictionaries(fields: RepoKindWrite): Promise<void> {
    if (fields.subjectId && !(await this.repo.dictionaryHas('subjects', fields.subjectId)))
      throw invalidField('request.subjectId', '学科不存在');
    if (fields.gradeId && !(await this.repo.dictionaryHas('grades', fields.gradeId)))
      throw invalidField('request.gradeId', '年级不存在');
  }

  async create(agencyId: string, fields: RepoKindWrite): Promise<RepoWire<K>> {
    await this.checkDictionaries(fields);
    const row = await this.repo.insert(agencyId, fields, new Date(this.clock.now()));
    return this.toWire(row, agencyId);
  }

  /** The repository every agency starts with (seed and agency creation). */
  async createDefault(agencyId: string): Promise<void> {
    await this.repo.insert(
      agencyId,
      { name: this.kind.defaultName, description: '', shared: false },
      new Date(this.clock.now()),
    );
  }

  async update(agencyId: string, id: string, fields: RepoKindWrite): Promise<RepoWire<K>> {
    const row = await this.writable(agencyId, id);
    if (!mayShare(row, fields.shared)) throw conflict(this.kind.reshareWithdrawn);
    await this.checkDictionaries(fields);
    await this.repo.update(agencyId, row.id, fields, new Date(this.clock.now()));
    this.subscriptions.clear();
    return this.get(agencyId, id);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const row = await this.writable(agencyId, id);
    const r = await this.repo.deleteEmpty(agencyId, row.id);
    this.subscriptions.clear();
    if (r === 'not_found') throw notFound(this.kind.notFound);
    if (r === 'not_empty') throw conflict(this.kind.notEmpty);
    return null;
  }

  async subscribe(agencyId: string, id: string): Promise<RepoWire<K>> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n);
    const already = row?.withdrawnAt ? await this.repo.isSubscribed(agencyId, row.id) : false;
    const verdict = maySubscribe(row, agencyId, already);
    if (verdict === 'own') throw conflict(this.kind.own);
    if (verdict === 'withdrawn') throw conflict(this.kind.withdrawn);
    if (verdict !== 'ok' || !row) throw notFound(this.kind.notFound);
    await this.repo.subscribe(agencyId, row.id);
    this.subscriptions.delete(agencyId);
    return this.toWire(row, agencyId);
  }

  async unsubscribe(agencyId: string, id: string): Promise<null> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.unsubscribe(agencyId, n))) throw notFound(this.kind.notSubscribed);
    this.subscriptions.delete(agencyId);
    return null;
  }
}
