// Generates a large question bank directly in PostgreSQL (the API is far too slow for 100,000 rows):
// 20 agencies (the demo agency is the largest), their repositories and tags (the system tags
// example/mock/variant and custom ones), a knowledge tree of a few thousand points and the questions,
// spread unevenly over agencies, types and the tree. Rows are written as the server writes them: the
// question fields go through the server's own `questionChange` (sanitising, sentence wrapping, search
// text), codes follow `nextChildCode`, system tags come from SYSTEM_TAGS. Run it on a database the
// server has already migrated and seeded (SEED=demo); it ends with VACUUM ANALYZE.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { QuestionFields } from '@edu/contract';
import { DEMO_QUESTIONS, OTHER_QUESTIONS, OTHER_SHARED_QUESTIONS } from '../../apps/server/src/seed/seed-questions.js';
import { questionChange } from '../../apps/server/src/features/questions/question-write.js';
import { SYSTEM_TAGS } from '../../apps/server/src/features/tags/tags.policy.js';

export interface QuestionBankSize {
  /** Questions in all (the demo seed's few dozen come on top). */
  questions: number;
  /** Agencies holding them, the demo agency and `other` included. */
  agencies: number;
  /** Share of all questions held by the largest agency (demo). */
  largestShare: number;
  /** Knowledge tree fan-out: subjects, grades per subject, chapters per grade, lv1 per chapter, lv2 per lv1. */
  fanOut: [number, number, number, number, number];
}

export const FULL_SIZE: QuestionBankSize = {
  questions: 100_000,
  agencies: 20,
  largestShare: 0.25,
  fanOut: [2, 6, 8, 8, 3],
};
export const SMOKE_SIZE: QuestionBankSize = {
  questions: 2_000,
  agencies: 4,
  largestShare: 0.4,
  fanOut: [1, 2, 3, 3, 2],
};

export const LARGEST_AGENCY = 'demo';

export interface GeneratedBank {
  questions: number;
  perAgency: Record<string, number>;
  knowledgePoints: number;
  seconds: number;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same bank. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
function weighted<T>(r: Rand, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1][0];
}

const TYPE_WEIGHTS = [
  ['singleChoice', 35],
  ['multipleChoice', 14],
  ['trueFalse', 10],
  ['fillBlank', 20],
  ['shortAnswer', 8],
  ['translation', 8],
  ['enReading', 5],
] as const;

const CUSTOM_TAGS = ['期中', '期末', '易错题', '基础', '提高', '拓展', '单元测验', '课后练习', '真题', '竞赛'];

interface KpRow {
  code: string;
  parentCode: string | null;
  name: string;
  lv: string;
  depth: number;
  sort: number;
  childSeq: number;
}

const LEVELS = ['subject', 'grade', 'chapter', 'lv1', 'lv2'] as const;
const PREFIX = ['s', 'g', 'c', 'k', 'k'] as const;

/** The bench tree under new subjects s1, s2… (the codes `nextChildCode` hands out next to `en` and `math`). */
function knowledgeTree(fanOut: QuestionBankSize['fanOut']): KpRow[] {
  const rows: KpRow[] = [];
  const add = (parent: string | null, depth: number) => {
    for (let i = 1; i <= fanOut[depth]; i++) {
      const code = parent ? `${parent}.${PREFIX[depth]}${i}` : `${PREFIX[depth]}${i}`;
      const leaf = depth === fanOut.length - 1;
      rows.push({
        code,
        parentCode: parent,
        name: `基准${LEVELS[depth] === 'subject' ? '学科' : '知识点'} ${code}`,
        lv: LEVELS[depth],
        depth,
        sort: i,
        childSeq: leaf ? 0 : fanOut[depth + 1],
      });
      if (!leaf) add(code, depth + 1);
    }
  };
  add(null, 0);
  return rows;
}

/** Question counts per agency: the largest holds `largestShare`, the rest decrease geometrically. */
function agencyCounts(size: QuestionBankSize, ids: string[]): Map<string, number> {
  const largest = Math.round(size.questions * size.largestShare);
  const rest = size.questions - largest;
  const weights = ids.slice(1).map((_, i) => 0.85 ** i);
  const sum = weights.reduce((s, w) => s + w, 0);
  const counts = new Map<string, number>([[ids[0], largest]]);
  let given = largest;
  ids.slice(1).forEach((id, i) => {
    const n = i === ids.length - 2 ? size.questions - given : Math.round((rest * weights[i]) / sum);
    counts.set(id, n);
    given += n;
  });
  return counts;
}

type Stored = ReturnType<typeof questionChange>;

/** Stored fields per template and variant, computed by the server's own code once and reused. */
function storedVariants(variants: number): Map<string, Stored[]> {
  const byType = new Map<string, Stored[]>();
  const templates = [...DEMO_QUESTIONS, ...OTHER_QUESTIONS, ...OTHER_SHARED_QUESTIONS];
  for (const t of templates) {
    for (let v = 1; v <= variants; v++) {
      const stem = t.question.replace(/<\/p>/, ` （变式 ${v}）</p>`);
      const fields = QuestionFields.parse({ ...t, question: stem, tags: [] });
      const list = byType.get(fields.type) ?? [];
      list.push(questionChange(fields));
      byType.set(fields.type, list);
    }
  }
  return byType;
}

async function insertRows(
  db: pg.PoolClient,
  table: string,
  columns: string[],
  rows: unknown[][],
  returning = '',
): Promise<pg.QueryResult> {
  const params: unknown[] = [];
  const values = rows.map((r) => `(${r.map((v) => `$${params.push(v)}`).join(', ')})`);
  return db.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')} ${returning}`, params);
}

export async function generateQuestionBank(databaseUrl: string, size: QuestionBankSize): Promise<GeneratedBank> {
  const started = Date.now();
  const r = rng(20_261_122);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = await pool.connect();
  try {
    // ---- agencies: demo (largest), other, bench01… ----
    const benchIds = Array.from({ length: size.agencies - 2 }, (_, i) => `bench${String(i + 1).padStart(2, '0')}`);
    if (benchIds.length)
      await insertRows(
        db,
        'agencies',
        ['id', 'name', 'profile'],
        benchIds.map((id) => [id, `基准机构 ${id}`, '基准测试生成的机构']),
      );
    const ids = [LARGEST_AGENCY, 'other', ...benchIds];

    // ---- repositories: 3 for the largest, 1–3 for the others ----
    const repos = new Map<string, number[]>();
    for (const a of ids) {
      const n = a === LARGEST_AGENCY ? 3 : 1 + Math.floor(r() * 3);
      const res = await insertRows(
        db,
        'question_repos',
        ['agency_id', 'name', 'description'],
        Array.from({ length: n }, (_, i) => [a, `基准题库 ${i + 1}`, '基准测试生成的题库']),
        'returning id',
      );
      repos.set(
        a,
        res.rows.map((row: { id: string }) => Number(row.id)),
      );
    }

    // ---- tags: the system tags (the seed made them for demo and other) and custom ones ----
    if (benchIds.length)
      await insertRows(
        db,
        'tags',
        ['agency_id', 'name', 'key'],
        benchIds.flatMap((a) => SYSTEM_TAGS.map((t) => [a, t.name, t.key])),
      );
    await insertRows(
      db,
      'tags',
      ['agency_id', 'name'],
      ids.flatMap((a) => CUSTOM_TAGS.map((name) => [a, name])),
    );
    const tagRows = await db.query<{ id: string; agency_id: string; key: string | null }>(
      'select id, agency_id, key from tags where agency_id = any($1)',
      [ids],
    );
    const systemTag = new Map<string, number>();
    const customTags = new Map<string, number[]>();
    for (const t of tagRows.rows) {
      if (t.key) systemTag.set(`${t.agency_id}/${t.key}`, Number(t.id));
      else customTags.set(t.agency_id, [...(customTags.get(t.agency_id) ?? []), Number(t.id)]);
    }

    // ---- knowledge tree ----
    const tree = knowledgeTree(size.fanOut);
    for (let i = 0; i < tree.length; i += 1000)
      await insertRows(
        db,
        'knowledge_points',
        ['code', 'parent_code', 'name', 'lv', 'depth', 'sort', 'child_seq'],
        tree.slice(i, i + 1000).map((k) => [k.code, k.parentCode, k.name, k.lv, k.depth, k.sort, k.childSeq]),
      );
    // Questions sit on lv1 and lv2 points; some grades are much busier than others.
    const targets = tree.filter((k) => k.depth >= 3);
    const gradeWeight = new Map<string, number>();
    const targetWeights = targets.map((k) => {
      const grade = k.code.split('.').slice(0, 2).join('.');
      if (!gradeWeight.has(grade)) gradeWeight.set(grade, 0.3 + r() * 1.7);
      return [k.code, gradeWeight.get(grade)! * (0.2 + r())] as const;
    });
    const cumulative: number[] = [];
    targetWeights.reduce((s, [, w]) => (cumulative.push(s + w), s + w), 0);
    const total = cumulative[cumulative.length - 1];
    const pickTarget = () => {
      const x = r() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > x) hi = mid;
        else lo = mid + 1;
      }
      return targetWeights[lo][0];
    };

    // ---- questions ----
    const variants = storedVariants(size.questions >= 10_000 ? 40 : 3);
    const [student] = (await db.query<{ id: string }>("select id from users where username = 'student'")).rows;
    const counts = agencyCounts(size, ids);
    const now = Date.now();
    const YEAR = 365 * 24 * 3600 * 1000;
    const columns = [
      'agency_id',
      'repo_id',
      'version',
      'type',
      'judge_type',
      'title',
      'question',
      'explanation',
      'answer',
      'options',
      'videos',
      'extra',
      'question_sub',
      'knowledge_code',
      'sub_knowledge_points',
      'status',
      'search_text',
      'created_at',
      'updated_at',
    ];
    const BATCH = 800;
    for (const a of ids) {
      let left = counts.get(a)!;
      while (left > 0) {
        const n = Math.min(BATCH, left);
        left -= n;
        const rows: unknown[][] = [];
        const tagsOf: number[][] = [];
        const archived: boolean[] = [];
        for (let i = 0; i < n; i++) {
          const type = weighted(r, TYPE_WEIGHTS);
          const s = pick(r, variants.get(type)!);
          const created = now - Math.floor(r() * 2 * YEAR);
          const updated = r() < 0.3 ? created + Math.floor(r() * (now - created)) : created;
          const isArchived = r() < 0.01;
          const questionSub = s.questionSub.map((q) => ({ ...q, questionSubId: randomBytes(6).toString('hex') }));
          const knowledgeCode = pickTarget();
          const sub = r() < 0.1 ? [pickTarget()].filter((c) => c !== knowledgeCode) : [];
          rows.push([
            a,
            pick(r, repos.get(a)!),
            1,
            s.type,
            s.judgeType,
            s.title,
            s.question,
            s.explanation,
            JSON.stringify(s.answer),
            JSON.stringify(s.options),
            JSON.stringify(s.videos),
            '{}',
            JSON.stringify(questionSub),
            knowledgeCode,
            sub,
            isArchived ? 'archived' : 'active',
            s.searchText,
            new Date(created),
            new Date(updated),
          ]);
          const t: number[] = [];
          if (r() < 0.15) t.push(systemTag.get(`${a}/example`)!);
          if (r() < 0.1) t.push(systemTag.get(`${a}/mock`)!);
          if (r() < 0.1) t.push(systemTag.get(`${a}/variant`)!);
          const custom = customTags.get(a)!;
          const extra = Math.floor(r() * 3);
          for (let k = 0; k < extra; k++) t.push(pick(r, custom));
          tagsOf.push([...new Set(t)]);
          archived.push(isArchived);
        }
        await db.query('begin');
        const res = await insertRows(db, 'questions', columns, rows, 'returning id');
        const qids = res.rows.map((row: { id: string }) => Number(row.id));
        const links = qids.flatMap((q, i) => tagsOf[i].map((t) => [q, t]));
        if (links.length) await insertRows(db, 'question_tags', ['question_id', 'tag_id'], links);
        // An archived question is one deleted while answer records pointed at it: give it one.
        const records = qids.filter((_, i) => archived[i]).map((q) => [a, q, 1, Number(student.id)]);
        if (records.length)
          await insertRows(db, 'answer_records', ['agency_id', 'question_id', 'version', 'user_id'], records);
        await db.query('commit');
      }
    }
    // Statistics for the planner, and the visibility map for index-only scans (autovacuum does both on
    // a live database; here the benchmark must not depend on when it runs).
    await db.query('vacuum analyze');
    const perAgency = Object.fromEntries(counts);
    return {
      questions: size.questions,
      perAgency,
      knowledgePoints: tree.length,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    db.release();
    await pool.end();
  }
}
