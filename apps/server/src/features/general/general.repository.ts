// SQL for the dictionaries the web loads at start-up.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { grades, subjects } from '../../db/schema.js';

export class GeneralRepository {
  constructor(private readonly db: Db) {}

  grades() {
    return this.db
      .select({ id: grades.id, name: grades.name, sort: grades.sort })
      .from(grades)
      .orderBy(asc(grades.sort), asc(grades.id));
  }

  subjects() {
    return this.db
      .select({ id: subjects.id, name: subjects.name, sort: subjects.sort })
      .from(subjects)
      .orderBy(asc(subjects.sort), asc(subjects.id));
  }
}
