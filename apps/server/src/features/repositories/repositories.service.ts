// Question repositories: the agency's own (private or shared to the store) and the shared ones it uses
// by reference. Other services ask it which repositories an agency may read or write.
import type { QuestionRepo } from '@edu/contract';
import { conflict, forbidden, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { maySubscribe, mayWrite, repoAccess, type RepoAccess } from './repositories.policy.js';
import type { RepoRow, RepoWrite, RepositoriesRepository } from './repositories.repository.js';

export const DEFAULT_REPO_NAME = '默认题库';
const NOT_FOUND = '题库不存在';
const READ_ONLY = '该题库是引用的共享题库，只能查看，不能修改';

const toWire = (row: RepoRow, agencyId: string, subscribed?: boolean): QuestionRepo => ({
  id: String(row.id),
  agencyId: row.agencyId,
  agencyName: row.agencyName,
  name: row.name,
  description: row.description,
  shared: row.shared,
  owned: row.agencyId === agencyId,
  ...(subscribed === undefined ? {} : { subscribed }),
  questionCount: row.questionCount,
  createTime: row.createdAt.getTime(),
  lastUpdate: row.updatedAt.getTime(),
});

export class RepositoriesService {
  /**
   * Agency → subscribed shared repositories: every question read needs them. Any change to subscriptions,
   * sharing or repositories empties it in this process (docs/performance.md).
   */
  private readonly subscriptions: TtlCache<string, number[]>;

  constructor(
    private readonly repo: RepositoriesRepository,
    private readonly clock: Clock,
    cacheSeconds = 0,
  ) {
    this.subscriptions = new TtlCache(cacheSeconds * 1000, 10_000, clock);
  }

  /** Ids of the shared repositories the agency reads by reference. */
  subscribedIds(agencyId: string): Promise<number[]> {
    return this.subscriptions.getOrLoad(agencyId, () => this.repo.subscribedIds(agencyId));
  }

  /** The row and how the agency relates to it ('none' for unknown, foreign or malformed ids). */
  async access(agencyId: string, id: string | number): Promise<{ row?: RepoRow; access: RepoAccess }> {
    const n = typeof id === 'number' ? id : parseNumericId(id);
    if (n === null) return { access: 'none' };
    const row = await this.repo.get(n);
    if (!row) return { access: 'none' };
    const subscribed = row.agencyId !== agencyId && (await this.repo.isSubscribed(agencyId, n));
    const access = repoAccess(row, agencyId, subscribed);
    return access === 'none' ? { access } : { row, access };
  }

  /** The repository the agency may write to; 404 when it cannot see it, 403 when it is read-only. */
  async writable(agencyId: string, id: string | number): Promise<RepoRow> {
    const { row, access } = await this.access(agencyId, id);
    const verdict = mayWrite(access);
    if (verdict === 'read_only') throw forbidden(READ_ONLY);
    if (verdict !== 'ok' || !row) throw notFound(NOT_FOUND);
    return row;
  }

  async list(agencyId: string, page: { start: number; size: number }) {
    const { total, rows } = await this.repo.listVisible(agencyId, await this.repo.subscribedIds(agencyId), page);
    return { total, list: rows.map((r) => toWire(r, agencyId)) };
  }

  async store(agencyId: string, page: { start: number; size: number }) {
    const [{ total, rows }, subs] = await Promise.all([
      this.repo.listStore(agencyId, page),
      this.repo.subscribedIds(agencyId),
    ]);
    const subscribed = new Set(subs);
    return { total, list: rows.map((r) => toWire(r, agencyId, subscribed.has(r.id))) };
  }

  async get(agencyId: string, id: string): Promise<QuestionRepo> {
    const { row } = await this.access(agencyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toWire(row, agencyId);
  }

  async create(agencyId: string, fields: RepoWrite): Promise<QuestionRepo> {
    const id = await this.repo.insert(agencyId, fields, new Date(this.clock.now()));
    return this.get(agencyId, String(id));
  }

  /** The repository every agency starts with (seed and agency creation). */
  async createDefault(agencyId: string): Promise<void> {
    await this.repo.insert(
      agencyId,
      { name: DEFAULT_REPO_NAME, description: '', shared: false },
      new Date(this.clock.now()),
    );
  }

  async update(agencyId: string, id: string, fields: RepoWrite): Promise<QuestionRepo> {
    const row = await this.writable(agencyId, id);
    await this.repo.update(agencyId, row.id, fields, new Date(this.clock.now()));
    this.subscriptions.clear();
    return this.get(agencyId, id);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const row = await this.writable(agencyId, id);
    const r = await this.repo.deleteEmpty(agencyId, row.id);
    this.subscriptions.clear();
    if (r === 'not_found') throw notFound(NOT_FOUND);
    if (r === 'not_empty') throw conflict('题库中还有题目（含已归档的题目），请先移走或删除题目');
    return null;
  }

  async subscribe(agencyId: string, id: string): Promise<QuestionRepo> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n);
    const verdict = maySubscribe(row, agencyId);
    if (verdict === 'own') throw conflict('这是本机构自己的题库，无需引用');
    if (verdict !== 'ok' || !row) throw notFound(NOT_FOUND);
    await this.repo.subscribe(agencyId, row.id);
    this.subscriptions.delete(agencyId);
    return toWire(row, agencyId);
  }

  async unsubscribe(agencyId: string, id: string): Promise<null> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.unsubscribe(agencyId, n))) throw notFound('未引用该题库');
    this.subscriptions.delete(agencyId);
    return null;
  }
}
