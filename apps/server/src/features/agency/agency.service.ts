// Agencies: the platform admin's list (with each agency's admins), create and edit, the public profile, and who may
// act where.
import type { Agency, AgencyAdmin, AgencyRef } from '@edu/contract';
import type { z } from 'zod';
import { conflict, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FilesService } from '../files/files.service.js';
import { actingAgencyIds, actsInByRoles, isPlatformAdmin, needsLinks } from './agency.policy.js';
import type { AdminRow, AgencyRepository, AgencyRow, AgencyWrite } from './agency.repository.js';

type AgencyRefT = z.infer<typeof AgencyRef>;
export interface AgencyFieldsInput {
  name?: string;
  domain?: string | null;
  profile?: string;
  logo?: string | null;
}
interface Actor {
  id: number;
  roles: readonly string[];
}

const toWire = (a: AgencyRow): Agency => ({
  id: a.id,
  name: a.name,
  domain: a.domain,
  profile: a.profile,
  logo: a.logo,
  createTime: a.createdAt.getTime(),
  lastUpdate: a.updatedAt.getTime(),
});

export const adminToWire = (a: AdminRow): AgencyAdmin => ({ id: String(a.id), username: a.username, name: a.name });

export class AgencyService {
  constructor(
    private readonly repo: AgencyRepository,
    private readonly files: FilesService,
    private readonly clock: Clock,
    /** Sets up what every agency starts with (its default question repository and system tags). */
    private readonly onCreated: (agencyId: string) => Promise<void> = async () => {},
  ) {}

  async list(q: { keyword?: string; start: number; size: number }) {
    const { total, rows } = await this.repo.list(q);
    const admins = await this.repo.adminsOf(rows.map((a) => a.id));
    return {
      total,
      list: rows.map((a) => ({ ...toWire(a), admins: (admins.get(a.id) ?? []).map(adminToWire) })),
    };
  }

  async get(id: string): Promise<Agency> {
    const a = await this.repo.get(id);
    if (!a) throw notFound('机构不存在');
    return toWire(a);
  }

  async publicProfile(id: string) {
    return this.get(id);
  }

  async create(input: AgencyFieldsInput & { id: string; name: string }): Promise<Agency> {
    const fields = await this.checkedFields(input);
    try {
      const created = await this.repo.insert({
        ...fields,
        id: input.id,
        name: input.name,
        now: new Date(this.clock.now()),
      });
      await this.onCreated(created.id);
      return toWire(created);
    } catch (e) {
      if (isUniqueViolation(e, 'agencies_pkey')) throw conflict(`机构标识 ${input.id} 已被使用`);
      if (isUniqueViolation(e, 'agencies_domain_key')) throw conflict(`域名 ${fields.domain} 已被其他机构使用`);
      throw e;
    }
  }

  async update(id: string, input: AgencyFieldsInput): Promise<Agency> {
    const fields = await this.checkedFields(input);
    try {
      const a = await this.repo.update(id, fields, new Date(this.clock.now()));
      if (!a) throw notFound('机构不存在');
      return toWire(a);
    } catch (e) {
      if (isUniqueViolation(e, 'agencies_domain_key')) throw conflict(`域名 ${fields.domain} 已被其他机构使用`);
      throw e;
    }
  }

  /** Normalises the writable fields; a logo must name an uploaded file. */
  private async checkedFields(input: AgencyFieldsInput): Promise<AgencyWrite> {
    const out: AgencyWrite = {};
    if (input.name !== undefined) out.name = input.name;
    if (input.profile !== undefined) out.profile = input.profile;
    if (input.domain !== undefined) out.domain = input.domain ? input.domain.toLowerCase() : null;
    if (input.logo !== undefined) {
      if (input.logo && !(await this.files.exists(input.logo)))
        throw invalidField('request.logo', '机构标志图片不存在，请重新上传');
      out.logo = input.logo || null;
    }
    return out;
  }

  /** May this user act in this agency? Unknown agencies answer false. */
  async mayActIn(user: Actor, agencyId: string): Promise<boolean> {
    // Fast path for the common case (a role in that agency): no query at all.
    if (actsInByRoles(user.roles, agencyId)) return true;
    if (isPlatformAdmin(user.roles)) return this.repo.exists(agencyId);
    const want = needsLinks(user.roles);
    if (!want.children && !want.tutor) return false;
    const ids = actingAgencyIds(user.roles, await this.repo.actingLinks(user.id, want));
    return ids !== 'all' && ids.has(agencyId) && (await this.repo.exists(agencyId));
  }

  /** Login info's `agencies`: exactly the agencies the user may act in (all of them for edu:admin). */
  async actingAgencies(user: Actor): Promise<AgencyRefT[]> {
    const want = needsLinks(user.roles);
    const links =
      want.children || want.tutor
        ? await this.repo.actingLinks(user.id, want)
        : { childAgencies: [], tutorAgencies: [] };
    const ids = actingAgencyIds(user.roles, links);
    return this.repo.refs(ids === 'all' ? undefined : [...ids]);
  }
}
