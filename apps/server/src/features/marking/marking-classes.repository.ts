// SQL of the marking queue's class filter (docs/marking.md "The queue"): the classes whose tasks' answers the
// marker may mark — every class of the agency for its admins, the classes a teacher teaches, and for a homework
// teacher assigned to the agency the classes given homework tasks. The same reach as `scope` in
// marking.repository.ts has over a class's tasks.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Marker } from './marker.js';

/** At most this many classes are offered (archived ones last). */
export const MARKING_CLASSES_MAX = 500;

export interface MarkingClassRow {
  id: string;
  name: string;
  archived: boolean;
}

export async function markerClasses(db: Db, m: Marker): Promise<MarkingClassRow[]> {
  const res = await db.execute(sql`select c.id::text as id, c.name, (c.archived_at is not null) as archived
    from classes c
    where c.agency_id = ${m.agencyId} and (${m.admin}::boolean
      or exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.user_id = ${m.id})
      or (${m.tutor}::boolean
        and exists (select 1 from tasks k where k.class_id = c.id and k.homework)
        and exists (select 1 from homework_teacher_agencies h where h.user_id = ${m.id} and h.agency_id = c.agency_id)))
    order by (c.archived_at is not null), c.name, c.id
    limit ${MARKING_CLASSES_MAX}`);
  return (res as { rows: MarkingClassRow[] }).rows;
}
