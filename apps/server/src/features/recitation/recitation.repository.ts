// SQL of recitation texts (docs/recitation.md): an agency's page (newest first, searched in title and text), one
// text of an agency, writes, and the agency of an uploaded file (an image must be the agency's own).
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, users } from '../../db/schema.js';
import { recitations, type StoredImageLink } from '../../db/schema-recitation.js';

export type RecitationRow = typeof recitations.$inferSelect & { creatorName: string | null };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const columns = {
  id: recitations.id,
  agencyId: recitations.agencyId,
  title: recitations.title,
  text: recitations.text,
  images: recitations.images,
  createdBy: recitations.createdBy,
  createdAt: recitations.createdAt,
  updatedAt: recitations.updatedAt,
  creatorName: users.name,
};

export interface RecitationWrite {
  title: string;
  text: string;
  images: StoredImageLink[];
}

export class RecitationRepository {
  constructor(readonly db: Db) {}

  async page(agencyId: string, keyword: string, page: { start: number; size: number }) {
    const pattern = `%${likeEscape(keyword)}%`;
    const where = and(
      eq(recitations.agencyId, agencyId),
      keyword ? or(ilike(recitations.title, pattern), ilike(recitations.text, pattern)) : undefined,
    );
    const [[{ n }], rows] = await Promise.all([
      this.db.select({ n: count() }).from(recitations).where(where),
      this.db
        .select(columns)
        .from(recitations)
        .leftJoin(users, eq(users.id, recitations.createdBy))
        .where(where)
        .orderBy(desc(recitations.updatedAt), desc(recitations.id))
        .limit(page.size)
        .offset(page.start),
    ]);
    return { total: n, rows: rows as RecitationRow[] };
  }

  async get(agencyId: string, id: number): Promise<RecitationRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(recitations)
      .leftJoin(users, eq(users.id, recitations.createdBy))
      .where(and(eq(recitations.id, id), eq(recitations.agencyId, agencyId)))
      .limit(1);
    return row;
  }

  async insert(agencyId: string, userId: number, w: RecitationWrite, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(recitations)
      .values({ agencyId, createdBy: userId, ...w, createdAt: now, updatedAt: now })
      .returning({ id: recitations.id });
    return row.id;
  }

  /** Answers false when the text is not the agency's. */
  async update(agencyId: string, id: number, w: RecitationWrite, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(recitations)
      .set({ ...w, updatedAt: now })
      .where(and(eq(recitations.id, id), eq(recitations.agencyId, agencyId)))
      .returning({ id: recitations.id });
    return rows.length > 0;
  }

  async delete(agencyId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(recitations)
      .where(and(eq(recitations.id, id), eq(recitations.agencyId, agencyId)))
      .returning({ id: recitations.id });
    return rows.length > 0;
  }

  /** The ids among `ids` of files uploaded in the agency. */
  async agencyFiles(agencyId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.agencyId, agencyId), sql`${files.id} = any(${`{${ids.join(',')}}`}::text[])`));
    return new Set(rows.map((r) => r.id));
  }
}
