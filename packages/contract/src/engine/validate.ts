// Checking a scheme before it is saved or switched on: shape, names, numbers, targets, reachability, paper shape.
// Whether the selectors match any question needs the database and is not checked here.
import { isMark } from './marks.js';
import {
  DRAW_MODE_MESSAGE,
  DRAW_MODES,
  MARK_MESSAGE,
  MAX_REPEAT,
  REPEAT_MESSAGE,
  requireCorrectMessage,
} from './scheme-limits.js';
import type { EnginePhase, EnginePoint, EngineScheme } from './types.js';

export interface SchemeIssue {
  field: string;
  message: string;
}

const TARGETS = new Set(['@next', '@end']);

const isWholeSeconds = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isIntIn = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
const TIME_MESSAGE = '时间限制必须是不小于 0 的整数（秒）';

/** Every problem of the scheme, in field order; empty when the scheme is valid. Messages are Chinese. */
export function validateScheme(scheme: EngineScheme): SchemeIssue[] {
  const issues: SchemeIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const paper = scheme.type === 'paper';
  if (scheme.type !== 'general' && !paper) add('type', '方案类型只能是 general（普通）或 paper（试卷）');
  if (!isWholeSeconds(scheme.timeLimit)) add('timeLimit', TIME_MESSAGE);
  const phases = Array.isArray(scheme.phases) ? scheme.phases : [];
  if (phases.length === 0) {
    add('phases', '方案至少需要一个阶段');
    return issues;
  }
  const phaseNames = new Set<string>();
  phases.forEach((phase, i) => {
    const at = `phases[${i}]`;
    if (typeof phase.phase !== 'string' || phase.phase.trim() === '') add(`${at}.phase`, '阶段名称不能为空');
    else if (phase.phase.includes('/')) add(`${at}.phase`, '阶段名称不能包含 /');
    else if (phaseNames.has(phase.phase)) add(`${at}.phase`, `阶段「${phase.phase}」重复`);
    phaseNames.add(phase.phase);
    if (!isWholeSeconds(phase.timeLimit)) add(`${at}.timeLimit`, TIME_MESSAGE);
    checkPoints(phase, at, paper, add);
  });
  checkStart(scheme, add);
  if (paper) checkPaper(phases, add);
  else checkReachable(scheme, add);
  return issues;
}

type Add = (field: string, message: string) => void;

function checkPoints(phase: EnginePhase, at: string, paper: boolean, add: Add): void {
  const points = Array.isArray(phase.points) ? phase.points : [];
  if (points.length === 0) return add(`${at}.points`, `阶段「${phase.phase}」至少需要一个训练点`);
  const names = new Set(points.map((p) => p.name));
  const seen = new Set<string>();
  points.forEach((point, j) => {
    const here = `${at}.points[${j}]`;
    if (typeof point.name !== 'string' || point.name.trim() === '') add(`${here}.name`, '训练点名称不能为空');
    else if (point.name.startsWith('@')) add(`${here}.name`, '训练点名称不能以 @ 开头');
    else if (seen.has(point.name)) add(`${here}.name`, `训练点「${point.name}」在阶段「${phase.phase}」中重复`);
    seen.add(point.name);
    const ids = point.selectors?.questionIds ?? [];
    const repeated = ids.find((id, k) => ids.indexOf(id) !== k);
    if (repeated !== undefined) add(`${here}.selectors.questionIds`, `题目「${repeated}」重复`);
    checkMarks(point, ids, here, add);
    // A paper's point only carries the paper: its repeat, judging and targets are never used.
    if (!paper) checkPointRules(point, here, names, add);
  });
}

/** A point's marks (docs/practice-engine.md "Marks"): valid marks, each of `marks` for a question of the list. */
function checkMarks(point: EnginePoint, ids: string[], here: string, add: Add): void {
  if (point.mark !== undefined && !isMark(point.mark)) add(`${here}.mark`, MARK_MESSAGE);
  if (point.marks === undefined) return;
  if (point.marks === null || typeof point.marks !== 'object') return add(`${here}.marks`, MARK_MESSAGE);
  for (const [id, mark] of Object.entries(point.marks)) {
    if (!ids.includes(id)) add(`${here}.marks.${id}`, `题目「${id}」不在题目列表中，不能设分值`);
    else if (!isMark(mark)) add(`${here}.marks.${id}`, MARK_MESSAGE);
  }
}

function checkPointRules(point: EnginePoint, here: string, names: Set<string>, add: Add): void {
  const repeatOk = isIntIn(point.repeat, 1, MAX_REPEAT);
  if (!repeatOk) add(`${here}.repeat`, REPEAT_MESSAGE);
  if (!isIntIn(point.requireCorrect, 0, repeatOk ? point.repeat : MAX_REPEAT))
    add(`${here}.requireCorrect`, requireCorrectMessage(repeatOk ? point.repeat : undefined));
  if (point.judgeWay !== 'once' && point.judgeWay !== 'retry')
    add(`${here}.judgeWay`, '判题方式只能是 once（一次作答）或 retry（答对为止）');
  if (point.draw !== undefined && !DRAW_MODES.includes(point.draw)) add(`${here}.draw`, DRAW_MODE_MESSAGE);
  for (const key of ['onOK', 'onError'] as const) {
    const target = point[key];
    if (typeof target !== 'string' || target === '') add(`${here}.${key}`, '跳转目标不能为空');
    else if (!TARGETS.has(target) && !names.has(target)) add(`${here}.${key}`, `训练点「${target}」不存在`);
  }
}

function checkStart(scheme: EngineScheme, add: Add): void {
  const phase = scheme.phases.find((p) => p.phase === scheme.initPhase);
  if (!phase) return add('initPhase', `阶段「${scheme.initPhase}」不存在`);
  if (!(phase.points ?? []).some((p) => p.name === scheme.initPoint))
    add('initPoint', `训练点「${scheme.initPoint}」不存在`);
}

function checkPaper(phases: EnginePhase[], add: Add): void {
  if (phases.length !== 1) return add('phases', '试卷方案必须只有一个阶段');
  if ((phases[0].points ?? []).length !== 1) return add('phases[0].points', '试卷方案的阶段必须只有一个训练点');
  if ((phases[0].points[0].selectors?.questionIds ?? []).length === 0)
    add('phases[0].points[0].selectors.questionIds', '试卷方案必须指定试卷题目');
}

/**
 * Phases run forward only, and any phase can always go on to the next (a capped or empty visit is redirected to
 * `@next`), so the phases from the initial one on are reachable and those before it are not. Within a phase, a
 * point is reachable from the entry point (initPoint in the initial phase, the first point otherwise) through
 * `onOK`/`onError`.
 */
function checkReachable(scheme: EngineScheme, add: Add): void {
  const start = scheme.phases.findIndex((p) => p.phase === scheme.initPhase);
  if (start < 0) return;
  scheme.phases.forEach((phase, i) => {
    if (i < start) return add(`phases[${i}]`, `阶段「${phase.phase}」无法到达`);
    const points = phase.points ?? [];
    const entry = i === start ? scheme.initPoint : points[0]?.name;
    const reached = new Set<string>();
    const queue: string[] = entry !== undefined && points.some((p) => p.name === entry) ? [entry] : [];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      if (reached.has(name)) continue;
      reached.add(name);
      const point = points.find((p) => p.name === name);
      for (const target of [point?.onOK, point?.onError])
        if (target !== undefined && points.some((p) => p.name === target)) queue.push(target);
    }
    points.forEach((point, j) => {
      if (!reached.has(point.name)) add(`phases[${i}].points[${j}]`, `训练点「${point.name}」无法到达`);
    });
  });
}
