// Supporting-sentence benchmark (issue 29, docs/reading.md "Supporting sentence"): the sentence the answering steps
// show for a choice question, scored offline on ExpMRC's RACE+ dev questions with ExpMRC's evidence F1 (token F1
// against the best annotated evidence, averaged over questions), beside the baseline "the sentence most similar to
// the question" computed in the same run. Tuned on the passages whose id begins with 0 ("dev"), the others are the
// held-out check. Writes bench/results/reading.json.
// Usage: npx tsx bench/scenarios/reading.ts [--data=path/to/expmrc-race-dev.json]
//   the data (ExpMRC, Cui et al., CC BY-SA 4.0; not copied into the repository) defaults to
//   data/expmrc/expmrc-race-dev.json in the shared data directory beside the repository; EXPMRC_RACE_DEV also names it
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { formatArticle } from '../../apps/server/src/features/reading/language/format-article.js';
import { supportingSentence } from '../../apps/server/src/features/reading-steps/step-feedback.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataArg = process.argv.find((a) => a.startsWith('--data='))?.slice('--data='.length);
const DATA =
  dataArg ?? process.env.EXPMRC_RACE_DEV ?? resolve(root, '..', 'shared', 'data', 'expmrc', 'expmrc-race-dev.json');
const TARGET_GAIN = 15;

interface Passage {
  id: string;
  article: string;
  questions: string[];
  options: string[][];
  answers: string[];
  evidences: string[][];
}

// ExpMRC's evaluation (its English normalisation): lower case, punctuation and a/an/the removed, words split on
// white space; F1 of the word multisets; a question's best F1 over its annotations.
const normalise = (s: string): string[] =>
  s
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');

function tokenF1(prediction: string, gold: string): number {
  const p = normalise(prediction);
  const g = normalise(gold);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const w of g) counts.set(w, (counts.get(w) ?? 0) + 1);
  let same = 0;
  for (const w of p) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      same++;
      counts.set(w, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}

const evidenceF1 = (prediction: string, golds: readonly string[]) =>
  Math.max(0, ...golds.map((g) => tokenF1(prediction, g)));

/** The baseline: the sentence with the highest token F1 against the question (first of equals). */
function mostSimilar(sentences: readonly string[], question: string): string {
  let best = '';
  let bestF1 = -1;
  for (const s of sentences) {
    const f1 = tokenF1(s, question);
    if (f1 > bestF1) {
      best = s;
      bestF1 = f1;
    }
  }
  return best;
}

interface Tally {
  questions: number;
  baseline: number;
  steps: number;
  noSentence: number;
}

const letters = ['A', 'B', 'C', 'D', 'E', 'F'];

async function run() {
  if (!existsSync(DATA)) {
    console.error(`ExpMRC RACE+ dev not found at ${DATA} (pass --data=…)`);
    process.exit(2);
  }
  const passages = (JSON.parse(readFileSync(DATA, 'utf8')) as { data: Passage[] }).data;
  const parts: Record<'dev' | 'heldOut', Tally> = {
    dev: { questions: 0, baseline: 0, steps: 0, noSentence: 0 },
    heldOut: { questions: 0, baseline: 0, steps: 0, noSentence: 0 },
  };
  const started = performance.now();
  for (const p of passages) {
    const article = formatArticle(p.article, 'junior');
    const texts = article.sentences.map((s) => s.text);
    const tally = parts[p.id.startsWith('0') ? 'dev' : 'heldOut'];
    p.questions.forEach((question, q) => {
      const golds = p.evidences[q] ?? [];
      if (golds.length === 0) return;
      const sub = {
        type: 'singleChoice',
        title: question,
        desc: '',
        options: p.options[q].map((content, i) => ({ key: letters[i], content })),
        answer: [p.answers[q]],
      };
      const picked = supportingSentence(article, sub);
      tally.questions++;
      tally.baseline += evidenceF1(mostSimilar(texts, question), golds);
      if (picked) tally.steps += evidenceF1(picked.text, golds);
      else tally.noSentence++;
    });
  }
  const figuresOf = (t: Tally) => {
    const baseline = (100 * t.baseline) / t.questions;
    const steps = (100 * t.steps) / t.questions;
    return {
      questions: t.questions,
      baselineF1: Number(baseline.toFixed(1)),
      answeringStepsF1: Number(steps.toFixed(1)),
      gain: Number((steps - baseline).toFixed(1)),
      noSentence: t.noSentence,
    };
  };
  const figures = { dev: figuresOf(parts.dev), heldOut: figuresOf(parts.heldOut) };
  const result = {
    benchmark: 'ExpMRC RACE+ dev, evidence F1 of the answering steps’ supporting sentence',
    data: 'ExpMRC (Cui et al., Heliyon 2022), CC BY-SA 4.0: data/race/expmrc-race-dev.json',
    split: 'dev: passages whose id begins with 0 (tuned on); heldOut: the others',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadavg: loadavg().map((l) => Number(l.toFixed(1))) },
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    targetGain: TARGET_GAIN,
    met: figures.heldOut.gain >= TARGET_GAIN,
    ...figures,
  };
  console.log(JSON.stringify(result, null, 2));
  const out = join(root, 'bench/results');
  mkdirSync(out, { recursive: true });
  const file = join(out, 'reading.json');
  if (!process.argv.includes('--no-write'))
    writeFileSync(file, await format(JSON.stringify(result), { ...(await resolveConfig(file)), filepath: file }));
}

await run();
