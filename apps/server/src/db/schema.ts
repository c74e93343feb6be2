// The database schema (drizzle). `npm run db:generate -w @edu/server` turns changes into SQL migrations.
// Numeric ids use bigint with an explicit mode: the two drivers disagree on bigint defaults
// (node-postgres answers strings, PGlite numbers); 'number' is safe below 2^53 and ids are
// turned into strings on the wire anyway.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
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

/** Tenants. The id is a slug chosen by the platform admin (DOMAIN.md). */
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

/** Role strings of spec §6 (`edu:admin`, `edu:agency:demo:teacher`, …). */
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
export const files = pgTable('files', {
  /** Random, unguessable: files are served without a login. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  agencyId: text('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
