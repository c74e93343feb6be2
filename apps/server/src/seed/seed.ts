// First-start data: dictionaries always, the demo data on request (docs/domain.md "Demo data"), and a
// platform admin when the database has no user at all. Only an empty database is seeded.
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { KP_LEVELS, QuestionFields } from '@edu/contract';
import { questionChange } from '../features/questions/question-write.js';
import { TagsRepository } from '../features/tags/tags.repository.js';
import type { Config } from '../config.js';
import { checkNewPassword, hashPassword } from '../lib/password.js';
import type { Db, Tx } from '../db/client.js';
import {
  agencies,
  grades,
  homeworkTeacherAgencies,
  knowledgePoints,
  parentChildren,
  questionRepos,
  questions,
  subjects,
  trainRepos,
  userRoles,
  users,
} from '../db/schema.js';
import {
  DEMO_ACCOUNTS,
  DEMO_AGENCIES,
  DEMO_PARENT_LINKS,
  DEMO_PASSWORD,
  DEMO_TUTOR_AGENCIES,
  GRADES,
  KNOWLEDGE_TREE,
  SUBJECTS,
  type Node,
} from './seed-data.js';
import { DEMO_QUESTIONS, OTHER_QUESTIONS, OTHER_SHARED_QUESTIONS } from './seed-questions.js';
import { seedDemoClasses } from './seed-classes.js';
import { seedDemoParents } from './seed-parents.js';
import { seedDemoUsers } from './seed-users.js';
import { seedDemoGraphs } from './seed-graphs.js';

/** Serialises first-start seeding when several nodes start against one PostgreSQL at once. */
const SEED_LOCK = 7_301_2026;

/** The demo password's argon2id hash, computed once per process (tests seed many databases). */
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

export type KpSeedRow = typeof knowledgePoints.$inferInsert;

/** The demo knowledge tree as rows; each node's counter is its number of children (ordinals 1…n). */
export function knowledgeRows(): KpSeedRow[] {
  const rows: KpSeedRow[] = [];
  const addNodes = (parentCode: string, depth: number, nodes: Node[]) => {
    nodes.forEach(([name, children = []], i) => {
      const code = `${parentCode}.${depth === 2 ? 'c' : 'k'}${i + 1}`;
      rows.push({ code, parentCode, name, lv: KP_LEVELS[depth], depth, sort: i + 1, childSeq: children.length });
      addNodes(code, depth + 1, children);
    });
  };
  KNOWLEDGE_TREE.forEach((s, si) => {
    const gradeOrdinals = s.grades.map((g) => Number(g.seg.slice(1)));
    rows.push({
      code: s.code,
      parentCode: null,
      name: s.name,
      lv: 'subject',
      depth: 0,
      sort: si + 1,
      childSeq: Math.max(...gradeOrdinals),
    });
    for (const g of s.grades) {
      const code = `${s.code}.${g.seg}`;
      const ordinal = Number(g.seg.slice(1));
      rows.push({
        code,
        parentCode: s.code,
        name: g.name,
        lv: 'grade',
        depth: 1,
        sort: ordinal,
        childSeq: g.chapters.length,
      });
      addNodes(code, 2, g.chapters);
    }
  });
  return rows;
}

// Queries inside a transaction run one after another: they share one connection.
async function isEmpty(tx: Tx): Promise<boolean> {
  const [u] = await tx.select({ n: count() }).from(users);
  const [a] = await tx.select({ n: count() }).from(agencies);
  const [k] = await tx.select({ n: count() }).from(knowledgePoints);
  return u.n === 0 && a.n === 0 && k.n === 0;
}

async function seedDictionaries(tx: Tx) {
  // Grades and subjects are reference data every deployment needs, demo or not.
  const [g] = await tx.select({ n: count() }).from(grades);
  const [s] = await tx.select({ n: count() }).from(subjects);
  if (g.n === 0) await tx.insert(grades).values(GRADES);
  if (s.n === 0) await tx.insert(subjects).values(SUBJECTS);
}

async function insertUser(
  tx: Tx,
  u: { username: string; name: string; passwordHash: string; mustChangePassword?: boolean; roles: string[] },
) {
  const [row] = await tx
    .insert(users)
    .values({
      username: u.username,
      name: u.name,
      passwordHash: u.passwordHash,
      mustChangePassword: u.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  if (u.roles.length) await tx.insert(userRoles).values(u.roles.map((role) => ({ userId: row.id, role })));
  return row.id;
}

async function seedDemo(tx: Tx) {
  await tx.insert(agencies).values(DEMO_AGENCIES);
  const hash = await demoPasswordHash();
  const ids = new Map<string, number>();
  for (const a of DEMO_ACCOUNTS) ids.set(a.username, await insertUser(tx, { ...a, passwordHash: hash }));
  await tx
    .insert(parentChildren)
    .values(DEMO_PARENT_LINKS.map(([p, c]) => ({ parentId: ids.get(p)!, childId: ids.get(c)! })));
  await tx
    .insert(homeworkTeacherAgencies)
    .values(DEMO_TUTOR_AGENCIES.map(([t, a]) => ({ userId: ids.get(t)!, agencyId: a })));
  await seedDemoParents(tx, hash);
  // Parents before children: the parent_code foreign key checks each row as it is inserted.
  const rows = knowledgeRows().sort((x, y) => x.depth - y.depth);
  await tx.insert(knowledgePoints).values(rows);
  await seedDemoGraphs(tx);
  await seedQuestionBank(tx);
  await seedTrainRepos(tx);
  await seedDemoUsers(tx, hash);
  await seedDemoClasses(tx);
}

/** Repositories, system tags and the demo questions, validated and cleaned as a create through the API is. */
async function seedQuestionBank(tx: Tx) {
  const tags = new TagsRepository(tx);
  const repo = async (agencyId: string, name: string, description: string, shared = false) => {
    // The shared one names its subject and grade, so the store's filters find it (docs/store.md "Demo data").
    const store = shared ? { subjectId: 'en', gradeId: 'g8' } : {};
    const [r] = await tx
      .insert(questionRepos)
      .values({ agencyId, name, description, shared, ...store })
      .returning({ id: questionRepos.id });
    return r.id;
  };
  const fill = async (agencyId: string, repoId: number, list: QuestionFields[]) => {
    const start = Date.now() - list.length * 60_000;
    for (const [i, fields] of list.entries()) {
      const f = QuestionFields.parse(fields);
      const at = new Date(start + i * 60_000);
      const [q] = await tx
        .insert(questions)
        .values({ ...questionChange(f), agencyId, repoId, version: 1, createdAt: at, updatedAt: at })
        .returning({ id: questions.id });
      await tags.setQuestionTags(q.id, await tags.idsForNames(agencyId, f.tags, tx), tx);
    }
  };
  for (const a of DEMO_AGENCIES) await tags.ensureSystemTags(a.id, tx);
  await fill('demo', await repo('demo', '演示题库', '演示机构的题目：英语与数学，覆盖全部题型。'), DEMO_QUESTIONS);
  await fill('other', await repo('other', '其他机构题库', '其他机构自己的题目。'), OTHER_QUESTIONS);
  await fill(
    'other',
    await repo('other', '其他机构共享题库', '共享到题库商店的题目，其他机构可以引用。', true),
    OTHER_SHARED_QUESTIONS,
  );
}

/** Train (scheme) repositories: demo's default first (id 1 on a fresh database), other's own and shared one. */
async function seedTrainRepos(tx: Tx) {
  await tx.insert(trainRepos).values([
    { agencyId: 'demo', name: '演示方案库', description: '演示机构的训练方案与试卷。' },
    { agencyId: 'other', name: '其他机构方案库', description: '其他机构自己的训练方案。' },
    {
      agencyId: 'other',
      name: '其他机构共享方案库',
      description: '共享到方案库商店的训练方案，其他机构可以引用。',
      shared: true,
      subjectId: 'en',
      gradeId: 'g8',
    },
  ]);
}

export interface SeedResult {
  /** Lines for the console on first start (accounts and passwords), empty when nothing was created. */
  notice: string[];
  /** True when this call seeded the demo data (the caller then plays the demo trainings). */
  demoSeeded?: boolean;
}

/** What seeding the demo data prints: the accounts and their password. */
export function demoSeedNotice(): string[] {
  return [
    'Seeded the demo data (agencies demo and other, knowledge tree, question bank, accounts).',
    `Demo accounts, all with the password ${DEMO_PASSWORD}:`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(8)} ${a.roles.join(', ')}`),
  ];
}

/**
 * Seeds an empty database: dictionaries, then the demo data when `seed` is demo; and when no user
 * exists afterwards, the platform admin (ADMIN_USERNAME / ADMIN_PASSWORD, or a printed one-time
 * password that must be changed at first login).
 */
export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'seed' | 'adminUsername' | 'adminPassword'>,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await seedDictionaries(tx);
    const empty = await isEmpty(tx);
    if (config.seed === 'demo' && empty) {
      await seedDemo(tx);
      return { demoSeeded: true, notice: demoSeedNotice() };
    }
    const [u] = await tx.select({ n: count() }).from(users);
    if (u.n > 0) return { notice: [] };
    const given = config.adminPassword;
    // The config refuses a weak ADMIN_PASSWORD at start; this also covers one equal to the username.
    const weakness = given === undefined ? null : checkNewPassword(given, [config.adminUsername]);
    if (weakness) throw new Error(`ADMIN_PASSWORD is refused by the password rule: ${weakness}`);
    const password = given ?? randomBytes(12).toString('base64url');
    await insertUser(tx, {
      username: config.adminUsername,
      name: '平台管理员',
      passwordHash: await hashPassword(password),
      // A printed password has been seen by whoever reads the log: it must be replaced at first login.
      mustChangePassword: given === undefined,
      roles: ['edu:admin'],
    });
    return {
      notice: given
        ? [`Created the platform admin ${config.adminUsername} with the password from ADMIN_PASSWORD.`]
        : [
            `Created the platform admin ${config.adminUsername} with the one-time password: ${password}`,
            'It must be changed at the first login. This password is shown only once.',
          ],
    };
  });
}
