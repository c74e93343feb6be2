// SQL for agencies and the links that let parents and homework teachers act in them.
import { and, asc, count, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import { agencyRole } from '@edu/contract';
import type { Db } from '../../db/client.js';
import { agencies, homeworkTeacherAgencies, parentChildren, userRoles, users } from '../../db/schema.js';
import type { ActingLinks } from './agency.policy.js';
import { roleHonoured } from '../users/suspension.js';

export type AgencyRow = typeof agencies.$inferSelect;
export type AgencyWrite = Partial<Pick<AgencyRow, 'name' | 'domain' | 'profile' | 'logo'>>;
/** A holder of an agency's admin role. */
export interface AdminRow {
  id: number;
  username: string;
  name: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Stable order for lists and for login info's `agencies` (the web switches to the first one). */
const ORDER = [asc(agencies.createdAt), asc(agencies.id)];

export class AgencyRepository {
  constructor(private readonly db: Db) {}

  async list(q: { keyword?: string; start: number; size: number }) {
    const where = q.keyword
      ? or(ilike(agencies.id, `%${escapeLike(q.keyword)}%`), ilike(agencies.name, `%${escapeLike(q.keyword)}%`))
      : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(agencies)
        .where(where)
        .orderBy(...ORDER)
        .offset(q.start)
        .limit(q.size),
      this.db.select({ n: count() }).from(agencies).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  async get(id: string): Promise<AgencyRow | undefined> {
    const [a] = await this.db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
    return a;
  }

  async exists(id: string): Promise<boolean> {
    const [a] = await this.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id)).limit(1);
    return a !== undefined;
  }

  async insert(values: AgencyWrite & { id: string; name: string; now: Date }): Promise<AgencyRow> {
    const { now, ...fields } = values;
    const [a] = await this.db
      .insert(agencies)
      .values({ ...fields, createdAt: now, updatedAt: now })
      .returning();
    return a;
  }

  async update(id: string, fields: AgencyWrite, now: Date): Promise<AgencyRow | undefined> {
    const [a] = await this.db
      .update(agencies)
      .set({ ...fields, updatedAt: now })
      .where(eq(agencies.id, id))
      .returning();
    return a;
  }

  /** Holders of each agency's admin role (docs/users.md "An agency's first admin"), by name then id. */
  async adminsOf(ids: readonly string[]): Promise<Map<string, AdminRow[]>> {
    const out = new Map(ids.map((id): [string, AdminRow[]] => [id, []]));
    if (ids.length === 0) return out;
    const rows = await this.db
      .select({ role: userRoles.role, id: users.id, username: users.username, name: users.name })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(
        inArray(
          userRoles.role,
          ids.map((id) => agencyRole('admin', id)),
        ),
      )
      .orderBy(asc(users.name), asc(users.id));
    const agencyOf = new Map(ids.map((id) => [agencyRole('admin', id), id]));
    for (const { role, ...admin } of rows) out.get(agencyOf.get(role)!)?.push(admin);
    return out;
  }

  /** Id and name of all agencies, or of the given ones that exist. */
  refs(ids?: readonly string[]) {
    if (ids && ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: agencies.id, name: agencies.name })
      .from(agencies)
      .where(ids ? inArray(agencies.id, [...ids]) : undefined)
      .orderBy(...ORDER);
  }

  /** Agencies reached through children (student roles) and homework-teacher assignments. */
  async actingLinks(userId: number, want: { children: boolean; tutor: boolean }): Promise<ActingLinks> {
    const [children, tutor] = await Promise.all([
      want.children
        ? this.db
            .selectDistinct({ agencyId: sql<string>`split_part(${userRoles.role}, ':', 3)` })
            .from(parentChildren)
            .innerJoin(userRoles, eq(userRoles.userId, parentChildren.childId))
            .where(
              and(
                eq(parentChildren.parentId, userId),
                like(userRoles.role, 'edu:agency:%:student'),
                // A child the agency suspended does not open the agency to the parent (docs/users.md "Membership").
                roleHonoured(userRoles.role, userRoles.userId),
              ),
            )
        : [],
      want.tutor
        ? this.db
            .select({ agencyId: homeworkTeacherAgencies.agencyId })
            .from(homeworkTeacherAgencies)
            .where(eq(homeworkTeacherAgencies.userId, userId))
        : [],
    ]);
    return { childAgencies: children.map((r) => r.agencyId), tutorAgencies: tutor.map((r) => r.agencyId) };
  }
}
