// SQL for stored files and the storage each owner uses (docs/security.md "Uploads").
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fileUsage, files } from '../../db/schema.js';

/** A storage quota: the counter row it bounds and its limit in bytes. */
export interface Quota {
  owner: string;
  limitBytes: number;
}

/** Thrown inside the upload's transaction (which it rolls back) when a quota would be exceeded. */
export class QuotaExceeded extends Error {
  constructor(
    readonly quota: Quota,
    readonly usedBytes: number,
  ) {
    super(`quota ${quota.owner} exceeded`);
  }
}

export const userQuotaOwner = (userId: number) => `user:${userId}`;
export const agencyQuotaOwner = (agencyId: string) => `agency:${agencyId}`;

type NewFile = { id: string; type: string; data: Buffer; agencyId: string | null; createdBy: number; now: Date };

export class FilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the file and adds its size to each quota's counter, all or nothing. Each counter grows by a
   * conditional UPDATE that holds the row's lock until commit: concurrent uploads queue on it and none can
   * take the usage past the limit. Throws QuotaExceeded naming the first quota that would be.
   */
  async insertWithinQuotas(f: NewFile, quotas: readonly Quota[]) {
    const size = f.data.length;
    await this.db.transaction(async (tx) => {
      for (const quota of quotas) {
        await tx.insert(fileUsage).values({ owner: quota.owner, bytes: 0 }).onConflictDoNothing();
        const [raised] = await tx
          .update(fileUsage)
          .set({ bytes: sql`${fileUsage.bytes} + ${size}` })
          .where(and(eq(fileUsage.owner, quota.owner), sql`${fileUsage.bytes} + ${size} <= ${quota.limitBytes}`))
          .returning({ bytes: fileUsage.bytes });
        if (!raised) {
          const [row] = await tx
            .select({ bytes: fileUsage.bytes })
            .from(fileUsage)
            .where(eq(fileUsage.owner, quota.owner));
          throw new QuotaExceeded(quota, Number(row?.bytes ?? 0));
        }
      }
      await tx.insert(files).values({
        id: f.id,
        type: f.type,
        size,
        data: f.data,
        agencyId: f.agencyId,
        createdBy: f.createdBy,
        createdAt: f.now,
      });
    });
  }

  async usedBytes(owner: string): Promise<number> {
    const [row] = await this.db.select({ bytes: fileUsage.bytes }).from(fileUsage).where(eq(fileUsage.owner, owner));
    return Number(row?.bytes ?? 0);
  }

  async get(id: string) {
    const [f] = await this.db
      .select({ type: files.type, size: files.size, data: files.data, createdAt: files.createdAt })
      .from(files)
      .where(eq(files.id, id))
      .limit(1);
    return f;
  }

  async exists(id: string) {
    const [f] = await this.db.select({ id: files.id }).from(files).where(eq(files.id, id)).limit(1);
    return f !== undefined;
  }
}
