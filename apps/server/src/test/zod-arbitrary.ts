// Contract schemas → fast-check arbitraries, for the route fuzz test (api-fuzz.test.ts). zod-fast-check
// supports neither zod 4 nor fast-check 4, so this maps the schema's JSON Schema (`z.toJSONSchema` on the
// input side: what a client sends, before defaults and transforms) to an arbitrary. `valid` values follow the
// schema's shape and bounds (refinements aside); `mixed` values put hostile ones anywhere in that shape:
// U+0000, lone surrogates, huge strings and numbers, wrong types, deep nesting, prototype keys.
import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` writes for the contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

export interface ArbitraryOptions {
  /** Known-good values by property name (ids that exist in the test data), drawn beside generated ones. */
  hints?: Record<string, readonly unknown[]>;
  /** Longest array and string generated for valid values (the schema's bound when smaller). */
  maxItems?: number;
  maxLength?: number;
}

/** The input-side JSON Schema of a zod schema; whatever JSON Schema cannot say becomes "anything". */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Prototype keys as own properties, the way JSON.parse makes them. */
const protoKeys = (): unknown =>
  JSON.parse('{"__proto__":{"isAdmin":true,"roles":["edu:admin"]},"constructor":{"prototype":{"polluted":1}}}');

/** Strings no database should see, or that a careless parser mishandles. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  'a'.repeat(70_000),
  '中'.repeat(40_000),
  '',
  ' ',
  '%00',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '\u202e\ufeff\u200b',
  '😀🇨🇳',
  '１２３',
  '1e400',
  '-0',
  'NaN',
  'null',
  '__proto__',
  '9'.repeat(40),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  0.5,
  -0,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];

/** Any hostile JSON value: the strings and numbers above, wrong types, deep nesting, prototype keys. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
    { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a', null], { a: { b: 1 } }), weight: 3 },
    { arbitrary: fc.constantFrom(10, 40, 2_000).map((d) => nested(d, 'x')), weight: 1 },
    { arbitrary: fc.constant(null).map(protoKeys), weight: 1 },
  );

/** A string of `valid` (anything else unchanged) with U+0000 or a lone surrogate put in at some place. */
const withBadText = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc
    .tuple(valid, fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat())
    .map(([v, bad, at]) =>
      typeof v === 'string' ? v.slice(0, at % (v.length + 1)) + bad + v.slice(at % (v.length + 1)) : v,
    );

function resolve(s: JsonSchema, root: JsonSchema): JsonSchema {
  if (!s.$ref) return s;
  const name = s.$ref.replace(/^#\/\$defs\//, '');
  const target = s.$ref === '#' ? root : root.$defs?.[name];
  if (!target) throw new Error(`zod-arbitrary: unresolved $ref ${s.$ref}`);
  return target;
}

/** Readable values beside random strings, used where a field's length bounds let them in. */
const SAMPLE_WORDS: readonly string[] = ['数学', '七年级英语', 'Tom is playing football.', 'a<b 且 c>d'];

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

class Mapper {
  private readonly maxItems: number;
  private readonly maxLength: number;

  constructor(
    private readonly root: JsonSchema,
    private readonly hostile: boolean,
    private readonly opts: ArbitraryOptions,
  ) {
    this.maxItems = opts.maxItems ?? 4;
    this.maxLength = opts.maxLength ?? 24;
  }

  /** The arbitrary of one node; in hostile mode each node is sometimes replaced by a hostile value. */
  of(schema: JsonSchema, depth = 0, name?: string): fc.Arbitrary<unknown> {
    const resolved = resolve(schema, this.root);
    const valid = this.validOf(resolved, depth, name);
    const hinted = name && this.opts.hints?.[name]?.length ? this.opts.hints[name] : undefined;
    const withHints = hinted
      ? fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: fc.constantFrom(...hinted), weight: 2 })
      : valid;
    if (!this.hostile) return withHints;
    // A text field often gets a valid-looking value with U+0000 or a lone surrogate inside: such a value
    // passes length and type checks and so reaches the handler and the database, where careless code fails.
    const textual = typesOf(resolved).includes('string') && !resolved.enum && resolved.const === undefined;
    return fc.oneof(
      { arbitrary: withHints, weight: 5 },
      { arbitrary: hostileValue(), weight: 1 },
      ...(textual ? [{ arbitrary: withBadText(withHints), weight: 3 }] : []),
    );
  }

  private validOf(s: JsonSchema, depth: number, name?: string): fc.Arbitrary<unknown> {
    // Recursive schemas stop growing: below depth 6 only leaves are drawn.
    if (depth > 6) return fc.constant(null);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((a) => this.of(a, depth + 1, name)));
    if (s.allOf?.length) return this.of(Object.assign({}, ...s.allOf) as JsonSchema, depth, name);
    const types = typesOf(s);
    if (types.length > 1) return fc.oneof(...types.map((t) => this.validOf({ ...s, type: t }, depth, name)));
    switch (types[0]) {
      case 'string':
        return this.string(s);
      case 'integer':
        return fc.integer({
          min: Math.max(s.minimum ?? -1_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(s.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
        });
      case 'number':
        return fc.double({
          min: s.minimum ?? s.exclusiveMinimum ?? -1e6,
          max: s.maximum ?? s.exclusiveMaximum ?? 1e6,
          minExcluded: s.exclusiveMinimum !== undefined,
          maxExcluded: s.exclusiveMaximum !== undefined,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(s, depth);
      case 'object':
        return this.object(s, depth);
      default:
        // Unconstrained ("anything"): a small JSON value.
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    if (s.pattern) {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Infinity;
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
    }
    const minLength = s.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxLength ?? this.maxLength, this.maxLength));
    // Sample words that fit the bounds, chosen before drawing: a filter no word passes would never end.
    const words = SAMPLE_WORDS.filter((v) => v.length >= minLength && v.length <= maxLength);
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      ...(words.length ? [fc.constantFrom(...words)] : []),
    );
  }

  private array(s: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = s.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxItems ?? this.maxItems, this.maxItems));
    if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => this.of(p, depth + 1)));
    const item = s.items ? this.of(s.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    return fc.array(item, { minLength, maxLength });
  }

  private object(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const props = s.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(props)) model[k] = this.of(v, depth + 1, k);
    const required = (s.required ?? []).filter((k) => k in props);
    const known = fc.record(model, { requiredKeys: required });
    const extra =
      typeof s.additionalProperties === 'object' && !s.properties
        ? fc.dictionary(
            (s.propertyNames
              ? this.validOf(s.propertyNames, depth + 1)
              : fc.string({ maxLength: 8 })) as fc.Arbitrary<string>,
            this.of(s.additionalProperties, depth + 1),
            { maxKeys: this.maxItems },
          )
        : fc.constant({});
    const base = fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
    if (!this.hostile) return base;
    // Hostile objects sometimes carry unknown and prototype keys beside the known ones.
    return fc.oneof(
      { arbitrary: base, weight: 4 },
      {
        arbitrary: fc
          .tuple(base, fc.constantFrom<unknown>(protoKeys(), { unknownField: '\u0000' }, { ['\u0000key']: 1 }))
          .map(([a, b]) => Object.assign(JSON.parse(JSON.stringify(b)) as object, a)),
        weight: 1,
      },
    );
  }
}

/** Values of the schema's input type (refinements aside). */
export function validArbitrary(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = jsonSchemaOf(schema);
  return new Mapper(root, false, opts).of(root);
}

/** Values shaped like the schema's input with hostile values anywhere, including at the top. */
export function mixedArbitrary(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = jsonSchemaOf(schema);
  return new Mapper(root, true, opts).of(root);
}

/** Both, half and half: valid values reach the handlers, mixed ones probe every check on the way. */
export function inputArbitrary(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return fc.oneof(validArbitrary(schema, opts), mixedArbitrary(schema, opts));
}
