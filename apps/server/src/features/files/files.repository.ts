// SQL for stored files.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';

export class FilesRepository {
  constructor(private readonly db: Db) {}

  async insert(f: { id: string; type: string; data: Buffer; agencyId: string | null; createdBy: number; now: Date }) {
    await this.db.insert(files).values({
      id: f.id,
      type: f.type,
      size: f.data.length,
      data: f.data,
      agencyId: f.agencyId,
      createdBy: f.createdBy,
      createdAt: f.now,
    });
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
