// `npm run simulate`: synthetic students through the product's engine, judge, mastery rules and wrong-answer book
// (docs/simulation.md "A run"); writes <out>.json and <out>.md (default bench/results/simulation).
//
//   npm run simulate -- --seed 1 --students 200 --strategy demo-adaptive,graph --days 14 --profile mix
//   npm run simulate -- --scheme my-scheme.json --strategy demo-adaptive --out /tmp/mine
//   npm run simulate -- --model '{"itemMemory":{"strength":0}}' --per-point 12 --out /tmp/no-memory
//   npm run simulate -- --students 10000 --strategy demo-adaptive --workers 2 --out /tmp/speed
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { DEFAULT_MODEL, withOverrides } from '../features/simulation/sim-params.js';
import { markdownOf } from '../features/simulation/sim-report.js';
import { DEFAULT_OPTIONS, type SimOptions } from '../features/simulation/simulation.js';
import type { Mix } from '../features/simulation/student-model.js';
import { DEMO_STRATEGIES } from './simulation-demo.js';
import { defaultWorkers, simulateDemo } from './simulation-workers.js';

const MIXES: Mix[] = ['weak', 'typical', 'strong', 'mix'];

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    students: { type: 'string' },
    strategy: { type: 'string' },
    days: { type: 'string' },
    profile: { type: 'string' },
    'session-minutes': { type: 'string' },
    range: { type: 'string' },
    'per-point': { type: 'string' },
    scheme: { type: 'string', multiple: true },
    model: { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
  },
});

function int(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`--${name} must be a whole number 0..${max}`);
  return n;
}

const mix = (values.profile ?? DEFAULT_OPTIONS.mix) as Mix;
if (!MIXES.includes(mix)) throw new Error(`--profile must be one of ${MIXES.join(', ')}`);
const options: SimOptions = {
  ...DEFAULT_OPTIONS,
  seed: int('seed', values.seed, DEFAULT_OPTIONS.seed, 2 ** 31 - 1),
  students: int('students', values.students, DEFAULT_OPTIONS.students, 10_000),
  days: int('days', values.days, DEFAULT_OPTIONS.days, 365),
  sessionMinutes: int('session-minutes', values['session-minutes'], DEFAULT_OPTIONS.sessionMinutes, 600),
  mix,
  range: values.range ? values.range.split(',').filter(Boolean) : DEFAULT_OPTIONS.range,
};
const perPoint = int('per-point', values['per-point'], 0, 200);
const names = values.strategy ? values.strategy.split(',').filter(Boolean) : [...DEMO_STRATEGIES];
const files = (values.scheme ?? []).map((path) => ({
  name: basename(path).replace(/\.json$/, ''),
  json: JSON.parse(readFileSync(path, 'utf8')) as unknown,
}));
// Model overrides: inline JSON, or a JSON file's path.
const modelText = values.model?.trimStart().startsWith('{')
  ? values.model
  : values.model && readFileSync(values.model, 'utf8');
const overrides = modelText ? (JSON.parse(modelText) as Record<string, unknown>) : {};
const model = withOverrides(DEFAULT_MODEL, overrides);
// Worker threads (one per core by default): the figures are the same for any number (docs/simulation.md "Speed").
const workers = int('workers', values.workers, defaultWorkers(), 64) || 1;
const out = values.out ?? fileURLToPath(new URL('../../../../bench/results/simulation', import.meta.url));

const started = performance.now();
const report = await simulateDemo({ model, options, perPoint, names, files }, workers);
const elapsedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

const settings =
  `Seed ${options.seed}, ${options.students} students (${options.mix}), ${options.days} days, sessions of ` +
  `${options.sessionMinutes} minutes (attendance ${options.attendance * 100} %, up to ${options.reviewsPerSession} ` +
  `reviews first), range ${options.range.join(', ')} (${report.targets.length} points), ` +
  `${perPoint ? `banks topped up to ${perPoint} questions a point` : 'the demo bank as seeded'}` +
  `${values.model ? `, model overrides ${JSON.stringify(overrides)}` : ''}; ` +
  `${elapsedSeconds} s on ${workers} thread${workers === 1 ? '' : 's'}, Node ${process.version}.`;

/** Writes a result as prettier would, so `prettier --check bench` stays clean after a run. */
async function write(file: string, text: string) {
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
}

await write(
  `${out}.json`,
  JSON.stringify({ ranAt: new Date().toISOString(), elapsedSeconds, perPoint, model, ...report }),
);
const markdown = markdownOf('Simulation', settings, report.strategies);
await write(`${out}.md`, markdown);
console.log(markdown);
console.log(`Wrote ${out}.json and ${out}.md`);
