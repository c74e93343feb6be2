// The scheme editor's draft: conversion from/to the contract's Scheme, edits that keep targets consistent
// (renames follow, reordering, adding, removing) and validation (the contract's zod shapes + the engine's
// validateScheme) as messages keyed by dotted paths (`phases.0.points.1.onOK`), like the server's 400 fields.
import {
  DEFAULT_MARK,
  SchemeFields,
  validateScheme,
  type DrawMode,
  type FieldError,
  type QuestionType,
  type Scheme,
  type SchemeType,
} from '@edu/contract';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.editor;

export interface PointDraft {
  /** Stable React key; never sent. */
  key: string;
  name: string;
  types: QuestionType[];
  tags: string[];
  questionIds: string[];
  repeat: number;
  judgeWay: 'once' | 'retry';
  requireCorrect: number;
  onOK: string;
  onError: string;
  /** Marks each question drawn here is worth (docs/practice-engine.md "Marks"); 0 while the field is cleared. */
  mark: number;
  /** Marks of single fixed questions, kept as they came (the editor does not change them). */
  marks?: Record<string, number>;
  /** How the point orders its candidates (docs/practice-engine.md "Draw modes"); least-seen is the default. */
  draw: DrawMode;
}

export interface PhaseDraft {
  key: string;
  phase: string;
  knowledgeIds: string[];
  /** Seconds, 0 = no limit. */
  timeLimit: number;
  points: PointDraft[];
}

export interface SchemeDraft {
  title: string;
  type: SchemeType;
  trainRepoId: string;
  kpRange: string[];
  timeLimit: number;
  initPhase: string;
  initPoint: string;
  phases: PhaseDraft[];
}

export const NEXT = '@next';
export const END = '@end';

let seq = 0;
const newKey = () => `k${++seq}`;

/** A name not yet used in `taken`: `base`, else `base` with the first free number. */
function freeName(make: (i: number) => string, taken: string[], from: number): string {
  for (let i = from; ; i++) if (!taken.includes(make(i))) return make(i);
}

export function newPoint(taken: string[] = []): PointDraft {
  return {
    key: newKey(),
    name: freeName(T.defaultPoint, taken, taken.length + 1),
    types: [],
    tags: [],
    questionIds: [],
    repeat: 5,
    judgeWay: 'once',
    requireCorrect: 3,
    onOK: NEXT,
    onError: NEXT,
    mark: DEFAULT_MARK,
    draw: 'least-seen',
  };
}

export function newPhase(taken: string[] = []): PhaseDraft {
  return {
    key: newKey(),
    phase: freeName(T.defaultPhase, taken, taken.length + 1),
    knowledgeIds: [],
    timeLimit: 0,
    points: [newPoint()],
  };
}

export function emptyDraft(trainRepoId = ''): SchemeDraft {
  const phase = newPhase();
  return {
    title: '',
    type: 'general',
    trainRepoId,
    kpRange: [],
    timeLimit: 0,
    initPhase: phase.phase,
    initPoint: phase.points[0].name,
    phases: [phase],
  };
}

export function draftOf(s: Scheme): SchemeDraft {
  return {
    title: s.title,
    type: s.type,
    trainRepoId: s.trainRepoId,
    kpRange: [...s.kpRange],
    timeLimit: s.timeLimit,
    initPhase: s.initPhase,
    initPoint: s.initPoint,
    phases: s.phases.map((p) => ({
      key: newKey(),
      phase: p.phase,
      knowledgeIds: [...p.knowledgeIds],
      timeLimit: p.timeLimit,
      points: p.points.map((pt) => ({
        key: newKey(),
        name: pt.name,
        types: [...(pt.selectors.types ?? [])],
        tags: [...(pt.selectors.tags ?? [])],
        questionIds: [...(pt.selectors.questionIds ?? [])],
        repeat: pt.repeat,
        judgeWay: pt.judgeWay,
        requireCorrect: pt.requireCorrect,
        onOK: pt.onOK,
        onError: pt.onError,
        mark: pt.mark ?? DEFAULT_MARK,
        ...(pt.marks ? { marks: { ...pt.marks } } : {}),
        draw: pt.draw ?? 'least-seen',
      })),
    })),
  };
}

/** A point's selectors as sent: empty lists are left out. */
export function selectorsOf(p: Pick<PointDraft, 'types' | 'tags' | 'questionIds'>) {
  return {
    ...(p.types.length ? { types: p.types } : {}),
    ...(p.tags.length ? { tags: p.tags } : {}),
    ...(p.questionIds.length ? { questionIds: p.questionIds } : {}),
  };
}

/** The request body of create/update (without the React keys). */
export function fieldsOf(d: SchemeDraft) {
  return {
    title: d.title.trim(),
    type: d.type,
    trainRepoId: d.trainRepoId,
    kpRange: d.kpRange,
    timeLimit: d.timeLimit,
    initPhase: d.initPhase,
    initPoint: d.initPoint,
    phases: d.phases.map((p) => ({
      phase: p.phase,
      knowledgeIds: p.knowledgeIds,
      timeLimit: p.timeLimit,
      points: p.points.map((pt) => ({
        name: pt.name,
        onOK: pt.onOK,
        onError: pt.onError,
        selectors: selectorsOf(pt),
        repeat: pt.repeat,
        judgeWay: pt.judgeWay,
        requireCorrect: pt.requireCorrect,
        // 1 is the default: left out, so a scheme without weights is sent as before.
        ...(pt.mark !== DEFAULT_MARK ? { mark: pt.mark } : {}),
        ...(pt.marks && Object.keys(pt.marks).length ? { marks: pt.marks } : {}),
        // least-seen is the default: left out, so a scheme without the mode is sent as before.
        ...(pt.draw === 'ability' ? { draw: pt.draw } : {}),
      })),
    })),
  };
}

export type Issues = Record<string, string[]>;

const addIssue = (out: Issues, path: string, message: string) => {
  const list = (out[path] ??= []);
  if (!list.includes(message)) list.push(message);
};

/** The engine's `phases[0].points[1].onOK` as the envelope's `phases.0.points.1.onOK`. */
export const dotted = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * Every problem of the draft: the engine's structure rules always; the contract's shapes (blank title,
 * missing repository, sizes) too when `shapes` is set (after the first save, so a new form starts quiet).
 */
export function validateDraft(d: SchemeDraft, shapes: boolean): Issues {
  const out: Issues = {};
  const body = fieldsOf(d);
  if (shapes) {
    const parsed = SchemeFields.safeParse(body);
    // The repository's own message replaces zod's generic one for an empty id.
    if (!parsed.success)
      for (const i of parsed.error.issues) if (i.path[0] !== 'trainRepoId') addIssue(out, i.path.join('.'), i.message);
    if (!d.trainRepoId) addIssue(out, 'trainRepoId', '请选择方案库');
  }
  for (const i of validateScheme(body)) addIssue(out, dotted(i.field), i.message);
  return out;
}

/** Server 400 `fields` (`request.phases.0.points.1.onOK`) as issues. */
export function serverIssues(fields: readonly FieldError[]): Issues {
  const out: Issues = {};
  for (const f of fields) addIssue(out, f.path.replace(/^request\./, ''), f.message);
  return out;
}

export function mergeIssues(...all: Issues[]): Issues {
  const out: Issues = {};
  for (const issues of all) for (const [k, list] of Object.entries(issues)) for (const m of list) addIssue(out, k, m);
  return out;
}

/** Messages at exactly this path. */
export const issuesAt = (issues: Issues, path: string) => issues[path] ?? [];

/** Messages at this path and every path below it (`selectors` holds `selectors.questionIds.2`). */
export function issuesUnder(issues: Issues, path: string): string[] {
  const out: string[] = [];
  for (const [k, list] of Object.entries(issues))
    if (k === path || k.startsWith(`${path}.`)) for (const m of list) if (!out.includes(m)) out.push(m);
  return out;
}

export const issueCount = (issues: Issues) => Object.values(issues).reduce((n, l) => n + l.length, 0);

/** Where an issue path is, for the summary list: 阶段 1 · 训练点 2. */
export function issuePlace(path: string): string {
  const m = /^phases\.(\d+)(?:\.points\.(\d+))?/.exec(path);
  if (!m) return '';
  const i = Number(m[1]) + 1;
  return m[2] === undefined ? T.where.phase(i) : T.where.point(i, Number(m[2]) + 1);
}

// ——— Edits (each returns a new draft) ———

const withPhase = (d: SchemeDraft, i: number, f: (p: PhaseDraft) => PhaseDraft): SchemeDraft => ({
  ...d,
  phases: d.phases.map((p, k) => (k === i ? f(p) : p)),
});

export function setPoint(d: SchemeDraft, i: number, j: number, patch: Partial<PointDraft>): SchemeDraft {
  return withPhase(d, i, (p) => ({ ...p, points: p.points.map((pt, k) => (k === j ? { ...pt, ...patch } : pt)) }));
}

export function setPhase(d: SchemeDraft, i: number, patch: Partial<Omit<PhaseDraft, 'points'>>): SchemeDraft {
  return withPhase(d, i, (p) => ({ ...p, ...patch }));
}

/** Renames a phase; the initial phase follows. */
export function renamePhase(d: SchemeDraft, i: number, name: string): SchemeDraft {
  const old = d.phases[i].phase;
  const next = setPhase(d, i, { phase: name });
  return d.initPhase === old ? { ...next, initPhase: name } : next;
}

/** Renames a point; targets naming it in its phase (and the initial point) follow. */
export function renamePoint(d: SchemeDraft, i: number, j: number, name: string): SchemeDraft {
  const phase = d.phases[i];
  const old = phase.points[j].name;
  const follow = (t: string) => (t === old ? name : t);
  const next = withPhase(d, i, (p) => ({
    ...p,
    points: p.points.map((pt, k) => ({
      ...pt,
      name: k === j ? name : pt.name,
      onOK: follow(pt.onOK),
      onError: follow(pt.onError),
    })),
  }));
  return d.initPhase === phase.phase && d.initPoint === old ? { ...next, initPoint: name } : next;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

export const movePhase = (d: SchemeDraft, i: number, to: number): SchemeDraft => ({
  ...d,
  phases: move(d.phases, i, to),
});

export const movePoint = (d: SchemeDraft, i: number, j: number, to: number): SchemeDraft =>
  withPhase(d, i, (p) => ({ ...p, points: move(p.points, j, to) }));

export function addPhase(d: SchemeDraft): SchemeDraft {
  const phases = [...d.phases, newPhase(d.phases.map((p) => p.phase))];
  // A scheme with no phase left gets its start back with the first new one.
  return d.phases.length === 0
    ? { ...d, phases, initPhase: phases[0].phase, initPoint: phases[0].points[0].name }
    : { ...d, phases };
}

/** Removes a phase; when it was the initial one, the start moves to the first phase left. */
export function removePhase(d: SchemeDraft, i: number): SchemeDraft {
  const removed = d.phases[i];
  const phases = d.phases.filter((_, k) => k !== i);
  if (removed.phase !== d.initPhase || phases.length === 0) return { ...d, phases };
  return { ...d, phases, initPhase: phases[0].phase, initPoint: phases[0].points[0]?.name ?? '' };
}

export const addPoint = (d: SchemeDraft, i: number): SchemeDraft =>
  withPhase(d, i, (p) => ({ ...p, points: [...p.points, newPoint(p.points.map((pt) => pt.name))] }));

/**
 * Removes a point. Targets naming it are kept, so validation says 训练点「X」不存在 where the author must decide;
 * the initial point moves to the first point left.
 */
export function removePoint(d: SchemeDraft, i: number, j: number): SchemeDraft {
  const phase = d.phases[i];
  const removed = phase.points[j];
  const next = withPhase(d, i, (p) => ({ ...p, points: p.points.filter((_, k) => k !== j) }));
  if (d.initPhase !== phase.phase || d.initPoint !== removed.name) return next;
  return { ...next, initPoint: next.phases[i].points[0]?.name ?? '' };
}

/** Choosing the initial phase also picks its first point. */
export function setInitPhase(d: SchemeDraft, name: string): SchemeDraft {
  const phase = d.phases.find((p) => p.phase === name);
  return { ...d, initPhase: name, initPoint: phase?.points[0]?.name ?? '' };
}

/** The knowledge subtrees a point draws from: the contract's rule, the same as the server's draw. */
export { knowledgeRange } from '@edu/contract';

/** Seconds shown as minutes (to two decimals) and back. */
export const toMinutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
export const toSeconds = (minutes: number | null | undefined) => Math.max(0, Math.round((minutes ?? 0) * 60));
