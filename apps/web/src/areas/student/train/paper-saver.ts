// Saves a paper's answers as they change: per question one request at a time (so the newest answer is the
// one stored last), typing debounced, every request with its own clientAnswerId and retried with that same
// id until the server has it (components/training/answer-retry.ts). `flush` sends what waits and resolves once all
// is stored.
import { errorText } from '../../../api/client';
import type { Submission } from '../../../components/question/QuestionView';
import {
  AbortedError,
  newAnswerId,
  sendUntilSaved,
  type RetryOptions,
} from '../../../components/training/answer-retry';

export type { Submission };

export type SaveStatus = 'saving' | 'retrying' | 'saved' | 'failed';
export interface SaveState {
  status: SaveStatus;
  error?: string;
}

export interface PaperSaverOptions<T> {
  send: (questionId: string, submission: Submission, clientAnswerId: string) => Promise<T>;
  onState: (questionId: string, state: SaveState) => void;
  onSaved?: (result: T) => void;
  /** How long typing may pause before the answer is sent. */
  debounceMs?: number;
  retry?: Pick<RetryOptions, 'delay' | 'sleep'>;
  newId?: () => string;
}

interface Slot {
  timer: ReturnType<typeof setTimeout> | null;
  /** The newest answer not yet sent. */
  waiting: Submission | null;
  inFlight: boolean;
  /** The answer the server has, as JSON. */
  saved: string | null;
}

export class PaperSaver<T> {
  private readonly slots = new Map<string, Slot>();
  private controller = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: PaperSaverOptions<T>) {}

  /** Queues the question's answer; `immediate` (a click on a choice) skips the typing pause. */
  save(questionId: string, submission: Submission, immediate = false): void {
    const slot = this.slot(questionId);
    slot.waiting = submission;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    this.options.onState(questionId, { status: 'saving' });
    const ms = this.options.debounceMs ?? 0;
    if (immediate || ms <= 0) this.pump(questionId);
    else slot.timer = setTimeout(() => this.pump(questionId), ms);
  }

  /** True while an answer waits, or is on its way, or is being retried. */
  get busy(): boolean {
    for (const s of this.slots.values()) if (s.inFlight || s.waiting || s.timer) return true;
    return false;
  }

  /** Sends every waiting answer now; resolves when none waits or travels any more. */
  flush(): Promise<void> {
    for (const [id, s] of this.slots) {
      if (s.timer) {
        clearTimeout(s.timer);
        s.timer = null;
        this.pump(id);
      }
    }
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops timers and retries (the page went away); answers still waiting are dropped. */
  dispose(): void {
    this.controller.abort();
    // A fresh controller keeps the saver usable: StrictMode unmounts and mounts a component once more.
    this.controller = new AbortController();
    for (const s of this.slots.values()) {
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
      s.waiting = null;
    }
    this.checkIdle();
  }

  private slot(questionId: string): Slot {
    let s = this.slots.get(questionId);
    if (!s) {
      s = { timer: null, waiting: null, inFlight: false, saved: null };
      this.slots.set(questionId, s);
    }
    return s;
  }

  private pump(questionId: string): void {
    const slot = this.slot(questionId);
    slot.timer = null;
    if (slot.inFlight || !slot.waiting) return;
    const submission = slot.waiting;
    slot.waiting = null;
    const key = JSON.stringify(submission);
    if (key === slot.saved) {
      this.options.onState(questionId, { status: 'saved' });
      this.checkIdle();
      return;
    }
    slot.inFlight = true;
    const clientAnswerId = (this.options.newId ?? newAnswerId)();
    const signal = this.controller.signal;
    sendUntilSaved(() => this.options.send(questionId, submission, clientAnswerId), {
      ...this.options.retry,
      signal,
      onRetry: () => this.options.onState(questionId, { status: 'retrying' }),
    })
      .then((result) => {
        slot.saved = key;
        this.options.onSaved?.(result);
        if (!slot.waiting && !slot.timer) this.options.onState(questionId, { status: 'saved' });
      })
      .catch((error: unknown) => {
        if (error instanceof AbortedError) return;
        this.options.onState(questionId, { status: 'failed', error: errorText(error) });
      })
      .finally(() => {
        slot.inFlight = false;
        if (signal.aborted) return;
        if (slot.waiting && !slot.timer) this.pump(questionId);
        this.checkIdle();
      });
  }

  private checkIdle(): void {
    if (this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
