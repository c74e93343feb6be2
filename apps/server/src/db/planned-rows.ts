// A prepared select's rows mapped by a plan made once (docs/performance.md "Rows mapped by a plan made once").
// drizzle maps every row of every query with one generic function, which finds each field's decoder again per row
// (up to three prototype-chain walks for a computed field) and walks each field's path with an iterator. The hot
// statements are prepared once and run for every request, so their mapping is planned once from the same fields:
// the same objects, keys in the same order, the same decoders and the same nulling of a left join's missing row.
import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

/** A field as drizzle orders a selection: its path in the result object and the column or SQL it reads. */
type OrderedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** What a prepared query built by drizzle holds (private in its types; the test compares with drizzle's mapping). */
type PreparedInternals = {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** One step of a row's mapping: make an object, or set a value read from the row's column. */
type Step =
  | { object: true; parent: number; key: string; node: number }
  | { object: false; parent: number; key: string; column: number; decoder: Decoder };

/** A left-joined object nulled when its first column is null (drizzle's rule, decided per query where it can be). */
type Nulled = { key: string; column: number };

export type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** The mapping of a selection's rows, planned once. */
export function planRowMapping(
  fields: readonly OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper {
  const steps: Step[] = [];
  const nodes = new Map<string, number>([['', 0]]);
  /** Per object of a two-part path: the table of its first column, false once a column of another table follows. */
  const groups = new Map<string, { table: string | false; column: number }>();
  fields.forEach(({ path, field }, column) => {
    let parent = 0;
    for (let i = 0; i < path.length - 1; i++) {
      const at = path.slice(0, i + 1).join('\u0000');
      let node = nodes.get(at);
      if (node === undefined) {
        node = nodes.size;
        nodes.set(at, node);
        steps.push({ object: true, parent, key: path[i], node });
      }
      parent = node;
    }
    steps.push({ object: false, parent, key: path[path.length - 1], column, decoder: decoderOf(field) });
    if (joinsNotNullableMap && path.length === 2 && is(field, Column)) {
      const table = getTableName(field.table);
      const group = groups.get(path[0]);
      if (!group) groups.set(path[0], { table, column });
      else if (group.table !== table) group.table = false;
    }
  });
  const nulled: Nulled[] = [];
  for (const [key, { table, column }] of groups) {
    if (table !== false && !joinsNotNullableMap![table]) nulled.push({ key, column });
  }
  const nodeCount = nodes.size;
  return (rows) =>
    rows.map((row) => {
      const made = new Array<Record<string, unknown>>(nodeCount);
      const values = new Array<unknown>(nulled.length > 0 ? row.length : 0);
      made[0] = {};
      for (const step of steps) {
        if (step.object) {
          made[step.node] = made[step.parent][step.key] = {};
        } else {
          const raw = row[step.column];
          const value = raw === null ? null : step.decoder.mapFromDriverValue(raw);
          made[step.parent][step.key] = value;
          if (nulled.length > 0) values[step.column] = value;
        }
      }
      const result = made[0];
      for (const { key, column } of nulled) if (values[column] === null) result[key] = null;
      return result;
    });
}

/** Makes a prepared select (drizzle's, either driver) map its rows by a plan made once; returns it. */
export function withPlannedRows<P>(prepared: P): P {
  const internals = prepared as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return prepared;
  internals.customResultMapper = planRowMapping(internals.fields, internals.joinsNotNullableMap);
  return prepared;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL's decoder is internal to drizzle (its types leave it out).
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

function decoderOfSql(s: SQL): Decoder {
  return (s as unknown as { decoder: Decoder }).decoder;
}
