// Train repositories: the agency's own (private or shared to the store) and the shared ones it uses by
// reference. The schemes service asks it which repositories an agency may read or write. The access rules
// are the question repositories' pure policy (repositories.policy.ts): the two work the same way.
import type { TrainRepo } from '@edu/contract';
import { conflict, forbidden, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { maySubscribe, mayWrite, repoAccess, type RepoAccess } from '../repositories/repositories.policy.js';
import type { TrainRepoRow, TrainRepoWrite, TrainReposRepository } from './train-repos.repository.js';

export const DEFAULT_TRAIN_REPO_NAME = '默认方案库';
const NOT_FOUND = '方案库不存在';
const READ_ONLY = '该方案库是引用的共享方案库，只能查看，不能修改';

type Page = { start: number; size: number };

const toWire = (row: TrainRepoRow, agencyId: string, subscribed?: boolean): TrainRepo => ({
  id: String(row.id),
  agencyId: row.agencyId,
  agencyName: row.agencyName,
  name: row.name,
  description: row.description,
  shared: row.shared,
  owned: row.agencyId === agencyId,
  ...(subscribed === undefined ? {} : { subscribed }),
  schemeCount: row.schemeCount,
  createTime: row.createdAt.getTime(),
  lastUpdate: row.updatedAt.getTime(),
});

export class TrainReposService {
  constructor(
    private readonly repo: TrainReposRepository,
    private readonly clock: Clock,
  ) {}

  /** Ids of the shared train repositories the agency reads by reference. */
  subscribedIds(agencyId: string): Promise<number[]> {
    return this.repo.subscribedIds(agencyId);
  }

  /** The row and how the agency relates to it ('none' for unknown, foreign or malformed ids). */
  async access(agencyId: string, id: string | number): Promise<{ row?: TrainRepoRow; access: RepoAccess }> {
    const n = typeof id === 'number' ? id : parseNumericId(id);
    if (n === null) return { access: 'none' };
    const row = await this.repo.get(n);
    if (!row) return { access: 'none' };
    const subscribed = row.agencyId !== agencyId && (await this.repo.isSubscribed(agencyId, n));
    const access = repoAccess(row, agencyId, subscribed);
    return access === 'none' ? { access } : { row, access };
  }

  /** The repository the agency may write to; 404 when it cannot see it, 403 when it is read-only. */
  async writable(agencyId: string, id: string | number): Promise<TrainRepoRow> {
    const { row, access } = await this.access(agencyId, id);
    const verdict = mayWrite(access);
    if (verdict === 'read_only') throw forbidden(READ_ONLY);
    if (verdict !== 'ok' || !row) throw notFound(NOT_FOUND);
    return row;
  }

  async list(agencyId: string, page: Page) {
    const { total, rows } = await this.repo.listVisible(agencyId, await this.repo.subscribedIds(agencyId), page);
    return { total, list: rows.map((r) => toWire(r, agencyId)) };
  }

  async store(agencyId: string, page: Page) {
    const [{ total, rows }, subs] = await Promise.all([
      this.repo.listStore(agencyId, page),
      this.repo.subscribedIds(agencyId),
    ]);
    const subscribed = new Set(subs);
    return { total, list: rows.map((r) => toWire(r, agencyId, subscribed.has(r.id))) };
  }

  async get(agencyId: string, id: string): Promise<TrainRepo> {
    const { row } = await this.access(agencyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toWire(row, agencyId);
  }

  async create(agencyId: string, fields: TrainRepoWrite): Promise<TrainRepo> {
    const id = await this.repo.insert(agencyId, fields, new Date(this.clock.now()));
    return this.get(agencyId, String(id));
  }

  /** The train repository every agency starts with (seed and agency creation). */
  async createDefault(agencyId: string): Promise<void> {
    await this.repo.insert(
      agencyId,
      { name: DEFAULT_TRAIN_REPO_NAME, description: '', shared: false },
      new Date(this.clock.now()),
    );
  }

  async update(agencyId: string, id: string, fields: TrainRepoWrite): Promise<TrainRepo> {
    const row = await this.writable(agencyId, id);
    await this.repo.update(agencyId, row.id, fields, new Date(this.clock.now()));
    return this.get(agencyId, id);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const row = await this.writable(agencyId, id);
    const r = await this.repo.deleteEmpty(agencyId, row.id);
    if (r === 'not_found') throw notFound(NOT_FOUND);
    if (r === 'not_empty') throw conflict('方案库中还有训练方案，请先把方案移到其他方案库');
    return null;
  }

  async subscribe(agencyId: string, id: string): Promise<TrainRepo> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n);
    const verdict = maySubscribe(row, agencyId);
    if (verdict === 'own') throw conflict('这是本机构自己的方案库，无需引用');
    if (verdict !== 'ok' || !row) throw notFound(NOT_FOUND);
    await this.repo.subscribe(agencyId, row.id);
    return toWire(row, agencyId);
  }

  async unsubscribe(agencyId: string, id: string): Promise<null> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.unsubscribe(agencyId, n))) throw notFound('未引用该方案库');
    return null;
  }
}
