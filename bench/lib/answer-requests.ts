// The answer bench's client (docs/performance.md "Trainings"): requests that answer started trainings' current
// questions, each training one answer at a time, for autocannon's closed loop or an open loop (open-loop.ts).
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { call, pool } from './api.js';
import type { OpenLoopRequest } from './open-loop.js';

export interface StartedTraining {
  trainId: string;
  token: string;
  question: { id: string; type: string };
}
export interface TrainingView {
  trainId: string;
  question: { id: string; type: string } | null;
}

/** An answer to the question of the training bench's bank (B; A and C; T), right about two times in three. */
export function answerFor(type: string, n: number): string[] {
  const right = n % 3 !== 0;
  if (type === 'singleChoice') return [right ? 'B' : 'A'];
  if (type === 'multipleChoice') return right ? ['A', 'C'] : ['A'];
  return [right ? 'T' : 'F'];
}

/**
 * Requests (for autocannon, or `next`/`onResponse` for an open loop) that answer the trainings' current questions. A
 * request takes an idle training, and its answer (which carries the training's next question) gives it back; so
 * every training has at most one answer in flight, and one that ends (or answers an error) leaves the rotation;
 * `restart` (if given) starts the student's next training, which joins it when started (a fast server would otherwise
 * run out of trainings before the last round ends). Requests still in flight when a run stops are resynchronised by
 * `resync`.
 */
export function answerRequests(
  baseURL: string,
  trainings: StartedTraining[],
  restart?: (ended: StartedTraining) => Promise<StartedTraining | null>,
) {
  const idle = [...trainings];
  const busy = new Map<string, StartedTraining>();
  let n = 0;
  // A client answer id is unique by this run's random tag and the answer's count: a random id drawn per answer cost
  // the load generator about 5 µs of CPU each on this machine
  // (docs/performance.md "The remaining gaps on a fresh machine").
  const runTag = randomBytes(6).toString('hex');
  const stats = { answered: 0, ended: 0, failed: 0 };
  /** The next answer: to an idle training's current question (null when every training is busy). */
  const next = (): OpenLoopRequest | null => {
    const t = idle.shift();
    if (!t) return null;
    busy.set(t.trainId, t);
    return {
      method: 'POST',
      path: `/v1/train/${t.trainId}/answer`,
      headers: {
        Authorization: `Bearer ${t.token}`,
        'X-Agency-Id': 'demo',
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        request: {
          clientAnswerId: `bench-${t.trainId}-${runTag}-${n}`,
          questionId: t.question.id,
          answer: answerFor(t.question.type, n++),
        },
      }),
    };
  };
  const onResponse = (status: number, body: string) => {
    if (status !== 200) {
      stats.failed++;
      return;
    }
    const env = JSON.parse(body) as { errno: number; response: { training: TrainingView } };
    const training = env.response.training;
    const t = busy.get(training.trainId);
    if (!t) return;
    busy.delete(training.trainId);
    stats.answered++;
    if (!training.question) {
      stats.ended++;
      if (restart)
        void restart(t).then(
          (next) => next && idle.push(next),
          () => undefined,
        );
      return;
    }
    t.question = training.question;
    idle.push(t);
  };
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      setupRequest: (req) => {
        const r = next();
        if (!r) throw new Error('no idle training left: start more students');
        return { ...req, path: r.path, headers: r.headers, body: r.body };
      },
      onResponse,
    },
  ];
  /** The trainings whose answer was cut off by the end of a run: read where they stand and put them back. */
  const resync = async () => {
    await new Promise((r) => setTimeout(r, 500));
    const left = [...busy.values()];
    busy.clear();
    await pool(left, 10, async (t) => {
      const view = await call<TrainingView>(
        { baseURL, token: t.token, agencyId: 'demo' },
        'GET',
        `/v1/train/${t.trainId}`,
      );
      if (view.question) idle.push({ ...t, question: view.question });
    });
  };
  return { requests, next, onResponse, resync, stats, idle: () => idle.length };
}
