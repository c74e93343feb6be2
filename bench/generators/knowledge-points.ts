// Generates a knowledge tree of `total` points through the public API (as a platform admin),
// level by level: subjects → grades → chapters → lv1 → lv2, breadth first until the total is reached.
import { call, pool, type Session } from '../lib/api.js';

interface Kp {
  code: string;
}

const FAN_OUT = [2, 6, 8, 10, 10, 10, 10]; // children per node, per level (subject … lv4)

export async function generateKnowledgePoints(admin: Session, total: number, concurrency = 8): Promise<number> {
  let created = 0;
  let level: (string | null)[] = [null];
  for (let depth = 0; depth < FAN_OUT.length && created < total; depth++) {
    const jobs: { parent: string | null; name: string }[] = [];
    for (const parent of level) {
      for (let i = 1; i <= FAN_OUT[depth]; i++)
        jobs.push({ parent, name: `基准${depth === 0 ? '学科' : '知识点'} ${parent ?? 'root'}-${i}` });
    }
    const take = jobs.slice(0, total - created);
    const next: string[] = [];
    await pool(take, concurrency, async (job) => {
      const kp = await call<Kp>(admin, 'PUT', '/v1/exam/question/knowledgepoint', { request: job });
      next.push(kp.code);
    });
    created += take.length;
    level = next;
  }
  return created;
}
