// A plain TypeScript statement of the statistics, straight from the definitions (docs/domain.md "Wrong answers, mastery, statistics", Moodle's item
// analysis on first attempts), written without the SQL's histograms and buckets. The property test checks the
// SQL against it on random data; it is not used by the server.

export interface RefAnswer {
  id: number;
  questionId: number;
  score: number | null;
  first: boolean;
}

export interface RefTraining {
  id: number;
  userId: number;
  paper: boolean;
  status: 'running' | 'finished' | 'expired';
  startedAt: number;
  endedAt: number | null;
  score: number;
  maxScore: number;
  /** Question ids drawn (a paper's population). */
  drawn: number[];
  answers: RefAnswer[];
}

export interface RefQuestion {
  questionId: number;
  seen: number;
  attempts: number;
  facility: number;
  sd: number | null;
  discrimination: number | null;
  efficiency: number | null;
}

const EPS = 1e-12;
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const inRange = (t: number, from?: number, to?: number) =>
  (from === undefined || t >= from) && (to === undefined || t < to);

/** The first-attempt mark of each question of the training (the earliest first answer; null scores 0). */
function firstMarks(t: RefTraining): Map<number, number> {
  const out = new Map<number, number>();
  for (const a of [...t.answers].sort((x, y) => x.id - y.id))
    if (a.first && !out.has(a.questionId)) out.set(a.questionId, a.score ?? 0);
  return out;
}

export function referenceQuestions(all: RefTraining[], paper: boolean, from?: number, to?: number): RefQuestion[] {
  const ended = all.filter((t) => t.status !== 'running' && inRange(t.startedAt, from, to));
  // Per question: (x, X) of every training in its population.
  const pairs = new Map<number, { x: number; total: number; attempted: boolean }[]>();
  for (const t of ended) {
    const marks = firstMarks(t);
    const questions = t.paper ? [...new Set(t.drawn)] : [...marks.keys()];
    const total = questions.reduce((s, q) => s + (marks.get(q) ?? 0), 0);
    for (const q of questions) {
      const list = pairs.get(q) ?? [];
      list.push({ x: marks.get(q) ?? 0, total, attempted: marks.has(q) });
      pairs.set(q, list);
    }
  }
  return [...pairs.entries()]
    .sort(([a], [b]) => a - b)
    .map(([questionId, p]) => {
      const n = p.length;
      const x = p.map((e) => e.x);
      const r = p.map((e) => e.total - e.x);
      const mx = mean(x);
      const mr = mean(r);
      const vx = x.reduce((s, v) => s + (v - mx) ** 2, 0) / n;
      const vr = r.reduce((s, v) => s + (v - mr) ** 2, 0) / n;
      const cov = x.reduce((s, v, i) => s + (v - mx) * (r[i] - mr), 0) / n;
      const xs = [...x].sort((a, b) => a - b);
      const rs = [...r].sort((a, b) => a - b);
      const covMax = xs.reduce((s, v, i) => s + (v - mx) * (rs[i] - mr), 0) / n;
      return {
        questionId,
        seen: n,
        attempts: p.filter((e) => e.attempted).length,
        facility: mx,
        sd: n > 1 ? Math.sqrt((vx * n) / (n - 1)) : null,
        discrimination: paper && vx > EPS && vr > EPS ? (100 * cov) / Math.sqrt(vx * vr) : null,
        efficiency: paper && covMax > EPS ? (100 * cov) / covMax : null,
      };
    });
}

export interface RefUsers {
  started: number;
  running: number;
  finished: number;
  expired: number;
  users: number;
  meanSeconds: number | null;
  meanScoreRate: number | null;
  scoreBuckets: number[];
  /** userId → [trainings, ended, best rate] */
  perUser: Map<number, { trainings: number; ended: number; best: number | null }>;
}

export function referenceUsers(all: RefTraining[], from?: number, to?: number, buckets = 10): RefUsers {
  const ts = all.filter((t) => inRange(t.startedAt, from, to));
  const ended = ts.filter((t) => t.status !== 'running');
  const rated = ended.filter((t) => t.maxScore > 0);
  const perUser = new Map<number, { trainings: number; ended: number; best: number | null }>();
  for (const t of ts) {
    const u = perUser.get(t.userId) ?? { trainings: 0, ended: 0, best: null };
    u.trainings++;
    if (t.status !== 'running') {
      u.ended++;
      if (t.maxScore > 0) u.best = Math.max(u.best ?? -Infinity, t.score / t.maxScore);
    }
    perUser.set(t.userId, u);
  }
  const scoreBuckets = Array.from({ length: buckets }, () => 0);
  for (const t of rated) scoreBuckets[Math.min(Math.floor((t.score * buckets) / t.maxScore), buckets - 1)]++;
  return {
    started: ts.length,
    running: ts.filter((t) => t.status === 'running').length,
    finished: ts.filter((t) => t.status === 'finished').length,
    expired: ts.filter((t) => t.status === 'expired').length,
    users: perUser.size,
    meanSeconds: ended.length ? mean(ended.map((t) => ((t.endedAt ?? t.startedAt) - t.startedAt) / 1000)) : null,
    meanScoreRate: rated.length ? mean(rated.map((t) => t.score / t.maxScore)) : null,
    scoreBuckets,
    perUser,
  };
}
