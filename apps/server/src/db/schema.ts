// The database schema (drizzle). `npm run db:generate -w @edu/server` turns changes into SQL migrations.
// Numeric ids use bigint with an explicit mode: the two drivers disagree on bigint defaults
// (node-postgres answers strings, PGlite numbers); 'number' is safe below 2^53 and ids are
// turned into strings on the wire anyway.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** bytea; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Tenants. The id is a slug chosen by the platform admin (docs/domain.md "Wire format"). */
export const agencies = pgTable(
  'agencies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The agency's own host name, stored lower-case; unique when set. */
    domain: text('domain'),
    profile: text('profile').notNull().default(''),
    /** Id of a file in `files`. */
    logo: text('logo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agencies_domain_key').on(t.domain),
    // Keyword search on the agency list (`ILIKE '%kw%'`) is served by a trigram index.
    index('agencies_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Role strings of docs/product.md §6 (`edu:admin`, `edu:agency:demo:teacher`, …). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

export const parentChildren = pgTable(
  'parent_children',
  {
    parentId: bigint('parent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: bigint('child_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('parent_children_child_idx').on(t.childId)],
);

/** Agencies a homework (WTP) teacher works for. */
export const homeworkTeacherAgencies = pgTable(
  'homework_teacher_agencies',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agencyId] })],
);

/** Opaque bearer tokens, stored as the hex SHA-256 of the token (the token itself is never stored). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export const grades = pgTable('grades', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
});

export const subjects = pgTable('subjects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
});

/**
 * The shared curriculum tree. `code` is a materialised path (`en.g7.c1.k1`): a subtree is
 * `code LIKE 'en.g7.%'`, served by the text_pattern_ops index whatever the database collation.
 */
export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code').references((): AnyPgColumn => knowledgePoints.code, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** subject | grade | chapter | lv1 … lv4, always KP_LEVELS[depth]. */
    lv: text('lv').notNull(),
    depth: integer('depth').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Highest ordinal handed to a child: codes are never reused after a delete. */
    childSeq: integer('child_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('knowledge_points_code_prefix_idx').using('btree', t.code.op('text_pattern_ops')),
    index('knowledge_points_parent_idx').on(t.parentCode),
    // Sibling names are unique; subjects (parent null) are siblings of each other.
    uniqueIndex('knowledge_points_sibling_name_key').on(sql`coalesce(${t.parentCode}, '')`, t.name),
  ],
);

/** Uploaded images (agency logos, question images), size-limited and typed from their content. */
export const files = pgTable(
  'files',
  {
    /** Random, unguessable: files are served without a login. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    agencyId: text('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The sweep of unreferenced files reads the old ones (migration 0020).
  (t) => [index('files_created_idx').on(t.createdAt)],
);

/** Bytes stored per owner ('user:<id>', 'agency:<id>') against the upload quotas (migration 0020). */
export const fileUsage = pgTable('file_usage', {
  owner: text('owner').primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

// ---- Question bank (issue 3) ----

/**
 * Columns of both kinds of repositories for the store (migration 0035, docs/store.md): the subject and grade the
 * store searches by, and a platform admin's withdrawal from the store with its reason.
 */
const storeColumns = () => ({
  subjectId: text('subject_id').references(() => subjects.id, { onDelete: 'set null' }),
  gradeId: text('grade_id').references(() => grades.id, { onDelete: 'set null' }),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  withdrawnReason: text('withdrawn_reason'),
  withdrawnBy: bigint('withdrawn_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
});

/** Question repositories: each belongs to one agency; a shared one is used by other agencies by reference. */
export const questionRepos = pgTable(
  'question_repos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    ...storeColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('question_repos_agency_idx').on(t.agencyId, t.id), index('question_repos_shared_idx').on(t.shared)],
);

/** An agency using another agency's shared repository by reference (read-only, never a copy). */
export const repoSubscriptions = pgTable(
  'repo_subscriptions',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    repoId: bigint('repo_id', { mode: 'number' })
      .notNull()
      .references(() => questionRepos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.repoId] }), index('repo_subscriptions_repo_idx').on(t.repoId)],
);

/**
 * Questions (docs/product.md §3). The latest version lives here; earlier versions that answer records point at
 * are kept in `question_versions`. `search_text` is the plain text of title, stem and options for the
 * trigram keyword search.
 */
export const questions = pgTable(
  'questions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    repoId: bigint('repo_id', { mode: 'number' })
      .notNull()
      .references(() => questionRepos.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    type: text('type').notNull(),
    judgeType: text('judge_type').notNull(),
    title: text('title').notNull().default(''),
    question: text('question').notNull().default(''),
    explanation: text('explanation').notNull().default(''),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<{ key: string; content: string }[]>().notNull().default([]),
    videos: jsonb('videos').$type<{ url: string; title?: string }[]>().notNull().default([]),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    questionSub: jsonb('question_sub').$type<Record<string, unknown>[]>().notNull().default([]),
    knowledgeCode: text('knowledge_code')
      .notNull()
      .references(() => knowledgePoints.code, { onDelete: 'restrict' }),
    subKnowledgePoints: text('sub_knowledge_points').array().notNull().default([]),
    /** active | archived (archived: deleted while answer records point at it). */
    status: text('status').notNull().default('active'),
    searchText: text('search_text').notNull().default(''),
    /**
     * The import that wrote it: hidden while that import is in `import_pending` (written, not yet published:
     * docs/jobs.md "Imports"). Kept afterwards; it means nothing once the import left `import_pending`.
     */
    importJobId: text('import_job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list: agency + knowledge subtree (prefix) ordered by last update, paged.
    index('questions_agency_kp_idx').on(t.agencyId, t.knowledgeCode.op('text_pattern_ops'), t.updatedAt),
    index('questions_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    index('questions_repo_kp_idx').on(t.repoId, t.knowledgeCode.op('text_pattern_ops')),
    index('questions_repo_updated_idx').on(t.repoId, t.updatedAt, t.id),
    index('questions_agency_type_idx').on(t.agencyId, t.type),
    index('questions_kp_idx').on(t.knowledgeCode.op('text_pattern_ops')),
    index('questions_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // Active questions only, carrying every column the list and match filter and sort on, so counts and
    // page ids come from the index alone (index-only scans; bench/scenarios/question-bank.ts): a subtree
    // range with type filter and count …
    index('questions_active_agency_kp_idx')
      .on(t.agencyId, t.knowledgeCode.op('text_pattern_ops'), t.type, t.updatedAt, t.id, t.importJobId)
      .where(sql`${t.status} = 'active'`),
    // … and the page in last-update order, subtree and type checked on the index entries.
    index('questions_active_agency_updated_idx')
      .on(t.agencyId, t.updatedAt, t.id, t.knowledgeCode, t.type, t.importJobId)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Full snapshots of earlier versions, so answer records keep (id, version). */
export const questionVersions = pgTable(
  'question_versions',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);

/** Tags, unique by name per agency; `key` marks the system tags example/mock/variant. */
export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tags_agency_name_key').on(t.agencyId, t.name),
    uniqueIndex('tags_agency_key_key').on(t.agencyId, t.key),
  ],
);

export const questionTags = pgTable(
  'question_tags',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    // With the question id: a tag filter reads the questions of the tags from the index alone.
    index('question_tags_tag_idx').on(t.tagId, t.questionId),
  ],
);

/**
 * Answers to questions. Versioning counts rows here. Answers given in a training carry the training, the
 * client's answer id (a retried request stores one record: unique per training), the submission, the judged
 * result, and where in the scheme it was given (docs/practice-engine.md).
 */
export const answerRecords = pgTable(
  'answer_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Checked by triggers, not a foreign key (migration 0053): a foreign key locked the agency's one row in every
     * batch of answers (docs/performance.md "The agency's row locked by every answer"). Deleting the agency still
     * deletes its records.
     */
    agencyId: text('agency_id').notNull(),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    /**
     * Checked by the agency's trigger, not a foreign key (migration 0056): the key locked the student's row for
     * every answer (docs/performance.md "The student's row locked by every answer"). Deleting the user still deletes
     * their records.
     */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    trainingId: bigint('training_id', { mode: 'number' }).references((): AnyPgColumn => trainings.id, {
      onDelete: 'cascade',
    }),
    clientAnswerId: text('client_answer_id'),
    /** The submission: `{ answer, subAnswers? }`. */
    submission: jsonb('submission').$type<{ answer: string[]; subAnswers?: Record<string, string[]> }>(),
    /** The judge's whole result (JudgeResult), answered again to a retried request. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    score: doublePrecision('score'),
    isCorrect: boolean('is_correct'),
    /** The first answer to the question in its training: the one statistics count. */
    first: boolean('first'),
    phase: text('phase'),
    point: text('point'),
    createdAt: createdAt(),
  },
  (t) => [
    index('answer_records_question_idx').on(t.questionId, t.version),
    index('answer_records_agency_user_idx').on(t.agencyId, t.userId),
    uniqueIndex('answer_records_client_id_idx').on(t.trainingId, t.clientAnswerId),
    index('answer_records_user_question_idx').on(t.userId, t.questionId),
  ],
);

// ---- Trainings (issue 4) ----

/**
 * A student's run through a scheme. `scheme` is the snapshot taken at start (later edits do not change a
 * running training); `events` are the truth the engine replays, `state` its result kept for reads.
 * One running training per student and scheme (partial unique index): the start stampede cannot make two.
 */
export const trainings = pgTable(
  'trainings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** No foreign key: a training keeps its snapshot and history whatever happens to the scheme. */
    schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheme: jsonb('scheme').$type<Record<string, unknown>>().notNull(),
    seed: integer('seed').notNull(),
    status: text('status').notNull(),
    /**
     * json, not jsonb (migration 0017): never queried inside but by the sweep's deadlines and the statistics' drawn
     * list; json keeps the text as sent. Without `answers` since migration 0047 and without `drawn` since 0050: those
     * are rows of training_answers and training_draws, and reading the whole state goes through training-state.ts
     * `TRAINING_COLUMNS`.
     */
    state: json('state').$type<Record<string, unknown>>().notNull(),
    /** How many events the training's log (training_events) holds, and how many of them are draws. */
    eventCount: integer('event_count').notNull().default(0),
    drawCount: integer('draw_count').notNull().default(0),
    /** The task the training belongs to (docs/tasks.md; migration 0027); null for practice. */
    taskId: bigint('task_id', { mode: 'number' }),
    /**
     * The lesson whose pushed questions the training holds (docs/lessons.md "The engine in the lesson"; migration
     * 0039, a foreign key to lessons there); null for any other training.
     */
    lessonId: bigint('lesson_id', { mode: 'number' }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** The counted answers' credit, partial ones by their share (docs/practice-engine.md "Marks"; migration 0045). */
    credit: doublePrecision('credit').notNull().default(0),
    score: doublePrecision('score').notNull().default(0),
    maxScore: doublePrecision('max_score').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trainings_one_running_idx')
      .on(t.schemeId, t.userId)
      .where(sql`${t.status} = 'running' and ${t.taskId} is null`),
    uniqueIndex('trainings_task_user_idx')
      .on(t.taskId, t.userId)
      .where(sql`${t.taskId} is not null`),
    uniqueIndex('trainings_lesson_user_idx')
      .on(t.lessonId, t.userId)
      .where(sql`${t.lessonId} is not null`),
    index('trainings_user_idx').on(t.agencyId, t.userId, t.startedAt),
    index('trainings_running_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
    // The running ones that may hold questions (migration 0054): what the answer's `othersMayHold` probes.
    index('trainings_running_holding_user_idx')
      .on(t.userId)
      .where(
        sql`${t.status} = 'running' and (coalesce(${t.scheme}->>'type', 'general') = 'paper' or ${t.taskId} is not null or ${t.scheme} ? 'lessonId')`,
      ),
    index('trainings_ended_paper_user_idx')
      .on(t.userId)
      .where(sql`${t.status} <> 'running' and coalesce(${t.scheme}->>'type', 'general') = 'paper'`),
    index('trainings_scheme_idx').on(t.schemeId, t.startedAt),
  ],
);

/**
 * A training's event log (docs/practice-engine.md): append-only, `seq` from 0; replaying it reproduces the
 * training. Kept apart from the row so an answer appends one or two small rows instead of rewriting the log.
 */
export const trainingEvents = pgTable(
  'training_events',
  {
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.seq] }),
    // A running training's drawn questions are not public (migration 0019, docs/question-bank.md "Public preview").
    index('training_events_drawn_idx')
      .using('gin', sql`(${t.event} -> 'questionIds') jsonb_path_ops`)
      .where(sql`${t.event} ->> 'type' = 'draw'`),
  ],
);

/**
 * A training's answers (the engine state's `answers`, `n` = the index; migration 0047): the row's state keeps the
 * rest, so an answer appends a small row instead of rewriting a state growing with the training. Reads put the state
 * together (training.repository.ts `TRAINING_COLUMNS`; docs/practice-engine.md "The training service").
 */
export const trainingAnswers = pgTable(
  'training_answers',
  {
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    answer: json('answer').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.n] })],
);

/**
 * A training's drawn questions (the engine state's `drawn`; migration 0050): each write that draws appends one row
 * holding the ids it drew, `n` = the place of the first in the list. Kept out of the row's state like the answers, so
 * a draw appends a row instead of rewriting a list growing with the training (training-state.ts `fullState`).
 */
export const trainingDraws = pgTable(
  'training_draws',
  {
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    questionIds: json('question_ids').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.n] })],
);

/**
 * Staff comments on a student's training (the "class comment" pages, docs/practice-engine.md "Comments"):
 * at most one on the whole training (`record_id` null) and one on each answer record. Agency-scoped through
 * the training; deleting the training or the record deletes its comments.
 */
export const trainingComments = pgTable(
  'training_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    recordId: bigint('record_id', { mode: 'number' }).references(() => answerRecords.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('training_comments_one_idx').on(t.trainingId, sql`coalesce(${t.recordId}, 0)`)],
);

// ---- Background jobs (docs/jobs.md; migration 0018) ----

/** One background job of any kind (import, preview, export…): progress, result, Chinese failure message. */
export const jobs = pgTable(
  'jobs',
  {
    /** Random, unguessable. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    agencyId: text('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** receiving (its file is being uploaded) | queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    /** Kind-specific step while running (an import: validating | importing). */
    phase: text('phase'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    message: text('message'),
    /** The process running it and its last sign of life: a stale heartbeat fails the job (docs/jobs.md). */
    node: text('node'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_agency_idx').on(t.agencyId, t.createdAt),
    index('jobs_running_idx')
      .on(t.status)
      .where(sql`${t.status} in ('receiving', 'queued', 'running')`),
  ],
);

/** A job's files in chunks: part 0 an import's upload, parts 1… an export's files. */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'job_files_pk', columns: [t.jobId, t.part, t.seq] })],
);

/** An import's validated questions until they are written and published (docs/jobs.md "Imports"). */
export const importStaging = pgTable(
  'import_staging',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    /** The question written from it (set as each batch is written; a failed import deletes these). */
    questionId: bigint('question_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'import_staging_pk', columns: [t.jobId, t.seq] })],
);

/**
 * Imports being written: their questions (questions.import_job_id) are hidden from every list, count and
 * lookup until the row is deleted, which publishes all of them at once (docs/jobs.md "Imports"). No foreign
 * key: removing a job must never publish a half-written import.
 */
export const importPending = pgTable('import_pending', {
  jobId: text('job_id').primaryKey(),
  createdAt: createdAt(),
});

// ---- Questions published for public preview ----

/**
 * A question anyone may open and answer at /public/question/preview?id=… (docs/question-bank.md
 * "Public preview"). One row per published question; withdrawing deletes it, deleting the question too.
 * The latest version is always what is shown, so edits keep a question published.
 */
export const questionPublications = pgTable(
  'question_publications',
  {
    questionId: bigint('question_id', { mode: 'number' })
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    publishedBy: bigint('published_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Visitors see the standard answer and explanation after trying it (migration 0019; default: verdict only). */
    showAnswer: boolean('show_answer').notNull().default(false),
  },
  (t) => [index('question_publications_agency_idx').on(t.agencyId, t.publishedAt)],
);

/**
 * A counter per agency that moves on every change to what the agency's question lists could show: its
 * questions, their tags, its tags, repositories and subscriptions. Triggers keep it (migration
 * 0007_bank_version_triggers), so no write path can forget it; readers compare it to decide whether a
 * cached list of question ids is still exact (features/questions/question-pool.ts).
 */
export const bankVersions = pgTable('bank_versions', {
  // No foreign key: deleting an agency cascades to its questions, whose triggers still count here.
  // '*' is the platform-wide row of the knowledge points (migration 0008).
  agencyId: text('agency_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// ---- Schemes and train repositories (issue 4) ----

/**
 * Train (scheme) repositories: mirror the question repositories (docs/decisions.md "Train repositories"):
 * each belongs to one agency; a shared one is used by other agencies by reference, read-only.
 */
export const trainRepos = pgTable(
  'train_repos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    ...storeColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('train_repos_agency_idx').on(t.agencyId, t.id), index('train_repos_shared_idx').on(t.shared)],
);

/** An agency using another agency's shared train repository by reference (read-only, never a copy). */
export const trainRepoSubscriptions = pgTable(
  'train_repo_subscriptions',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    repoId: bigint('repo_id', { mode: 'number' })
      .notNull()
      .references(() => trainRepos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.repoId] }), index('train_repo_subscriptions_repo_idx').on(t.repoId)],
);

/**
 * Practice schemes (docs/product.md §3, docs/domain.md "Schemes and trainings"). `phases` is the engine's structure as
 * one JSON value: it is always read and written whole and validated by the contract's engine. `version`
 * moves on every edit, so a training's snapshot can say which edit it was taken from.
 */
export const schemes = pgTable(
  'schemes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    trainRepoId: bigint('train_repo_id', { mode: 'number' })
      .notNull()
      .references(() => trainRepos.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** general | paper */
    type: text('type').notNull(),
    /** on | off */
    status: text('status').notNull().default('off'),
    creatorId: bigint('creator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    initPhase: text('init_phase').notNull(),
    initPoint: text('init_point').notNull(),
    /** Seconds, 0 = no limit. */
    timeLimit: integer('time_limit').notNull().default(0),
    kpRange: text('kp_range').array().notNull().default([]),
    phases: jsonb('phases').$type<Record<string, unknown>[]>().notNull(),
    version: integer('version').notNull().default(1),
    /**
     * Papers' review options (migration 0040, docs/practice-engine.md "Review options"): after-hand-in |
     * after-close | teacher-release, null = the default rule; after-hand-in | with-corrections, null = at the
     * hand-in; when staff released the corrections.
     */
    reviewAfter: text('review_after'),
    showScore: text('show_score'),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('schemes_agency_updated_idx').on(t.agencyId, t.updatedAt, t.id),
    index('schemes_repo_updated_idx').on(t.trainRepoId, t.updatedAt, t.id),
    index('schemes_creator_idx').on(t.creatorId, t.updatedAt),
    // A switched-on paper's questions are not public (migration 0019, docs/question-bank.md "Public preview").
    index('schemes_on_paper_questions_idx')
      .using(
        'gin',
        sql`(jsonb_path_query_array(${t.phases}, '$[*].points[*].selectors.questionIds[*]')) jsonb_path_ops`,
      )
      .where(sql`${t.status} = 'on' AND ${t.type} = 'paper'`),
  ],
);

// ---- Wrong-answer book (docs/practice-engine.md "Wrong-answer book and mastery") ----

/**
 * The FSRS card of one question in a student's wrong-answer book. The book itself is derived from
 * answer_records (any wrong answer puts the question in it); a card row is created at the first review and
 * moves with every review after. Columns mirror ts-fsrs's Card; `streak` counts right reviews in a row.
 */
export const wrongCards = pgTable(
  'wrong_cards',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true, mode: 'date' }).notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true, mode: 'date' }),
    streak: integer('streak').notNull().default(0),
    masteredAt: timestamp('mastered_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.userId, t.questionId] }),
    index('wrong_cards_user_due_idx').on(t.agencyId, t.userId, t.due),
  ],
);

/**
 * One review from the wrong-answer book: the answer record it stored (training_id null) keyed by the
 * client's answer id, so a retried request stores one record per user.
 */
export const wrongReviews = pgTable(
  'wrong_reviews',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientAnswerId: text('client_answer_id').notNull(),
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => answerRecords.id, { onDelete: 'cascade' }),
    /** good | again | null (left to a teacher: the card did not move). */
    rating: text('rating'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientAnswerId] }), index('wrong_reviews_record_idx').on(t.recordId)],
);

// ---- Scheme statistics (docs/scheme-stats.md) ----
// Kept by triggers on trainings and answer_records (migration *_scheme_stats_triggers), so no write path can
// forget them; the statistics read these instead of the wide training rows and their answer records.

/** One narrow row per training: what /stats/user aggregates (status, times, score). */
export const schemeStatTrainings = pgTable(
  'scheme_stat_trainings',
  {
    trainingId: bigint('training_id', { mode: 'number' })
      .primaryKey()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
    agencyId: text('agency_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
    credit: doublePrecision('credit').notNull().default(0),
    score: doublePrecision('score').notNull(),
    maxScore: doublePrecision('max_score').notNull(),
  },
  (t) => [
    index('scheme_stat_trainings_scheme_idx').on(t.schemeId, t.agencyId, t.startedAt),
    index('scheme_stat_trainings_user_idx').on(t.agencyId, t.userId, t.startedAt),
  ],
);

/**
 * One row per question of an ended training: the first-attempt mark `score` (0 when unanswered or waiting
 * for a teacher) and, on a paper, the training's first-attempt total `total` (0 on general schemes, which
 * need no totals). Papers have a row for every question drawn, general schemes for every question answered.
 */
export const schemeStatItems = pgTable(
  'scheme_stat_items',
  {
    trainingId: bigint('training_id', { mode: 'number' })
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
    agencyId: text('agency_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    score: doublePrecision('score').notNull(),
    total: doublePrecision('total').notNull(),
    attempted: boolean('attempted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.questionId] }),
    index('scheme_stat_items_scheme_idx').on(t.schemeId, t.agencyId, t.startedAt),
  ],
);

/**
 * The items counted per question, mark and total, in time buckets of the training's start: `level` days
 * per bucket (1, 8, 64; 0 = all time, bucket 0), `bucket` = floor(UTC day / level). A range is answered
 * from the coarsest buckets it covers whole plus the items of the partial days at its ends.
 */
export const schemeStatBuckets = pgTable(
  'scheme_stat_buckets',
  {
    schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
    /** A shared scheme is trained in several agencies: each sees its own students only. */
    agencyId: text('agency_id').notNull(),
    level: integer('level').notNull(),
    bucket: integer('bucket').notNull(),
    questionId: bigint('question_id', { mode: 'number' }).notNull(),
    score: doublePrecision('score').notNull(),
    total: doublePrecision('total').notNull(),
    n: integer('n').notNull(),
    attempted: integer('attempted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schemeId, t.agencyId, t.level, t.bucket, t.questionId, t.score, t.total] })],
);

// ---- Knowledge graphs (docs/knowledge-graph.md) ----

/** A curated graph of one subject (and grade, or every grade), platform-wide: no agency column. */
export const graphGroups = pgTable(
  'graph_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    gradeId: text('grade_id').references(() => grades.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /** The group's place among its subject's groups (migration 0036). */
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('graph_groups_subject_sort_idx').on(t.subjectId, t.sort, t.id)],
);

/** What an item links to besides its knowledge point (docs/knowledge-graph.md "Model"). */
export interface GraphItemResources {
  schemeIds: string[];
  questionIds: string[];
  videoUrl: string | null;
}

/** A knowledge point placed in a group; x/y null until the editor saves a layout. */
export const graphItems = pgTable(
  'graph_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => graphGroups.id, { onDelete: 'cascade' }),
    knowledgeCode: text('knowledge_code')
      .notNull()
      .references(() => knowledgePoints.code, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    resources: jsonb('resources')
      .$type<GraphItemResources>()
      .notNull()
      .default(sql`'{"schemeIds":[],"questionIds":[],"videoUrl":null}'::jsonb`),
  },
  (t) => [
    uniqueIndex('graph_items_group_code_key').on(t.groupId, t.knowledgeCode),
    uniqueIndex('graph_items_group_id_key').on(t.groupId, t.id),
    index('graph_items_code_idx').on(t.knowledgeCode),
  ],
);

/**
 * A prerequisite: `from` before `to`. Both ends lie in the edge's group (composite foreign keys on
 * graph_items (group_id, id), migration 0031) and an edge goes with either item.
 */
export const graphEdges = pgTable(
  'graph_edges',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => graphGroups.id, { onDelete: 'cascade' }),
    fromItemId: bigint('from_item_id', { mode: 'number' }).notNull(),
    toItemId: bigint('to_item_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('graph_edges_group_pair_key').on(t.groupId, t.fromItemId, t.toItemId),
    index('graph_edges_to_idx').on(t.toItemId),
  ],
);

/** The agency's system scheme of graph practice (one per agency), left out of scheme lists and statistics. */
export const graphPracticeSchemes = pgTable(
  'graph_practice_schemes',
  {
    agencyId: text('agency_id')
      .primaryKey()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => schemes.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('graph_practice_schemes_scheme_key').on(t.schemeId)],
);

/**
 * A question's item parameters calibrated from one agency's own answers (docs/practice-engine.md "Draw modes"; migration
 * 0048): the nightly job's latest 2PL fit with c held at the question's blind guess, shrunk toward the facility prior
 * below 30 answers. One row per (agency, question): a question shared through the store is calibrated by each agency
 * that answers it, from its own answers only.
 */
export const questionCalibrations = pgTable(
  'question_calibrations',
  {
    agencyId: text('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    questionId: bigint('question_id', { mode: 'number' })
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Discrimination, difficulty and the guessing floor (irt.ts `Item`). */
    a: doublePrecision('a').notNull(),
    b: doublePrecision('b').notNull(),
    c: doublePrecision('c').notNull(),
    /** The judged first answers the fit read, the right ones among them, and their share. */
    answers: integer('answers').notNull(),
    rights: integer('rights').notNull(),
    facility: doublePrecision('facility'),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.questionId] }),
    index('question_calibrations_at_idx').on(t.agencyId, t.calibratedAt),
  ],
);
