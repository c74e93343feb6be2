// Rows mapped by a plan made once (planned-rows.ts) must be the rows drizzle's own mapping makes: the same values,
// nested objects, key order and nulled left joins, for any row; and the app's prepared statements read the same
// results through it as without it.
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as drizzleUtils from 'drizzle-orm/utils';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { planRowMapping, withPlannedRows } from './planned-rows.js';
import { knowledgePoints, questions, questionTags, tags, users } from './schema.js';

type Fields = Parameters<typeof planRowMapping>[0];
type Internals = { fields?: Fields; joinsNotNullableMap?: Record<string, boolean>; customResultMapper?: unknown };
/** drizzle's own row mapping (exported by its utils module, not declared in its types). */
const drizzleMapRow = (drizzleUtils as unknown as { mapResultRow: (f: Fields, r: unknown[], j?: unknown) => unknown })
  .mapResultRow;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Selections of every shape the app uses: flat, nested, inner and left joins of tables and aliases, SQL fields. */
function selections() {
  const point = alias(knowledgePoints, 'point');
  return {
    flat: t.db.select({ id: questions.id, title: questions.title, at: questions.createdAt }).from(questions),
    nested: t.db
      .select({
        id: questions.id,
        inner: { type: questions.type, version: questions.version },
        n: sql<number>`1`,
      })
      .from(questions),
    leftJoined: t.db
      .select({ q: questions, point: knowledgePoints, tag: { id: tags.id, name: tags.name } })
      .from(questions)
      .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
      .leftJoin(questionTags, eq(questionTags.questionId, questions.id))
      .leftJoin(tags, eq(tags.id, questionTags.tagId)),
    mixedTables: t.db
      .select({
        mixed: { code: point.code, question: questions.question },
        user: users,
        named: sql<string>`'x'`.as('named'),
      })
      .from(questions)
      .leftJoin(point, eq(point.code, questions.knowledgeCode))
      .innerJoin(users, and(eq(users.id, questions.id), sql`false`)),
  };
}

function internalsOf(prepared: unknown): Internals {
  return prepared as Internals;
}

describe('rows mapped by a plan made once', () => {
  it("maps any row as drizzle's mapping does (values, nesting, key order, nulled joins)", () => {
    for (const [name, query] of Object.entries(selections())) {
      const { fields, joinsNotNullableMap } = internalsOf(query.prepare(`planned_rows_${name}`));
      if (!fields) throw new Error(`${name}: no fields`);
      const map = planRowMapping(fields, joinsNotNullableMap);
      const cell = fc.constantFrom(null, '12', '7');
      fc.assert(
        fc.property(fc.array(fc.array(cell, { minLength: fields.length, maxLength: fields.length })), (rows) => {
          const planned = map(rows);
          const theirs = rows.map((row) => drizzleMapRow(fields, row, joinsNotNullableMap));
          expect(planned, name).toEqual(theirs);
          expect(JSON.stringify(planned), name).toBe(JSON.stringify(theirs));
        }),
        { numRuns: 300 },
      );
      const allNull = [fields.map(() => null)];
      expect(map(allNull), `${name} all null`).toEqual(
        allNull.map((r) => drizzleMapRow(fields, r, joinsNotNullableMap)),
      );
    }
  });

  it("reads the database's rows as drizzle's unprepared query does", async () => {
    for (const [name, query] of Object.entries(selections())) {
      const theirs = await query;
      const prepared = withPlannedRows(query.prepare(`planned_rows_read_${name}`));
      expect(internalsOf(prepared).customResultMapper, name).toBeTypeOf('function');
      const planned = await prepared.execute();
      expect(planned, name).toEqual(theirs);
      expect(JSON.stringify(planned), name).toBe(JSON.stringify(theirs));
    }
    expect((await selections().leftJoined).length).toBeGreaterThan(0);
  });

  it('leaves a statement without fields, or with a mapping of its own, as it is', () => {
    const plain = t.db.insert(tags).values({ agencyId: 'x', name: 'x' }).prepare('planned_rows_insert');
    expect(internalsOf(withPlannedRows(plain)).customResultMapper).toBeUndefined();
    const own = () => [];
    const prepared = internalsOf(selections().flat.prepare('planned_rows_own'));
    prepared.customResultMapper = own;
    expect(withPlannedRows(prepared).customResultMapper).toBe(own);
  });
});
