// Tags of an agency: list (with the system tags), create, rename, merge and delete.
import type { Tag } from '@edu/contract';
import { conflict, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import { parseNumericId } from '../../lib/ids.js';
import { isSystemTag } from './tags.policy.js';
import type { TagRow, TagsRepository } from './tags.repository.js';

const NOT_FOUND = '标签不存在';
const SYSTEM = '系统标签（例题、模拟题、变式题）不能修改、合并或删除';
const duplicate = (name: string) => `已有名为“${name}”的标签`;

const toWire = (r: TagRow): Tag => ({
  id: String(r.id),
  name: r.name,
  key: (r.key as Tag['key']) ?? null,
  questionCount: r.questionCount,
});

export class TagsService {
  constructor(readonly repo: TagsRepository) {}

  async list(agencyId: string): Promise<Tag[]> {
    await this.repo.ensureSystemTags(agencyId);
    return (await this.repo.list(agencyId)).map(toWire);
  }

  private async one(agencyId: string, id: string): Promise<TagRow> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(agencyId, n);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async create(agencyId: string, name: string): Promise<Tag> {
    try {
      const id = await this.repo.insert(agencyId, name);
      return toWire((await this.repo.get(agencyId, id))!);
    } catch (e) {
      if (isUniqueViolation(e, 'tags_agency_name_key')) throw conflict(duplicate(name));
      throw e;
    }
  }

  async rename(agencyId: string, id: string, name: string): Promise<Tag> {
    const tag = await this.one(agencyId, id);
    if (isSystemTag(tag)) throw conflict(SYSTEM);
    try {
      await this.repo.rename(agencyId, tag.id, name);
    } catch (e) {
      if (isUniqueViolation(e, 'tags_agency_name_key')) throw conflict(duplicate(name));
      throw e;
    }
    return toWire((await this.repo.get(agencyId, tag.id))!);
  }

  /** Moves the source's questions to the target tag and removes the source; answers the target. */
  async merge(agencyId: string, id: string, into: string): Promise<Tag> {
    const source = await this.one(agencyId, id);
    const target = await this.one(agencyId, into);
    if (source.id === target.id) throw invalidField('request.into', '不能把标签合并到它自己');
    if (isSystemTag(source)) throw conflict(SYSTEM);
    await this.repo.merge(agencyId, source.id, target.id);
    return toWire((await this.repo.get(agencyId, target.id))!);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const tag = await this.one(agencyId, id);
    if (isSystemTag(tag)) throw conflict(SYSTEM);
    await this.repo.delete(agencyId, tag.id);
    return null;
  }
}
