// The live parts of a lesson over HTTP (docs/lessons.md "Video", "Replay data"): ICE servers for the video and the
// board's logged facts for the replay. The socket protocol itself is in realtime/lesson-protocol.ts.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { LessonPresence, LessonStatus } from './lessons.js';

/** Most changes one replay page carries; a page also stops at REPLAY_PAGE_BYTES of payloads (at least one change). */
export const REPLAY_MAX_CHANGES = 5000;
export const REPLAY_DEFAULT_CHANGES = 1000;
/** Bytes of change payloads (as JSON text) after which a replay page ends. */
export const REPLAY_PAGE_BYTES = 4 * 1024 * 1024;

/** An uploaded file's id (files API: 128 random bits, base64url), the only form an image element's fileId takes. */
export const FILE_ID_RE = /^[A-Za-z0-9_-]{22}$/;

export const LessonReplayQuery = z.object({
  /** Changes with a seq greater than this (0: from the start). */
  afterSeq: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(REPLAY_MAX_CHANGES).default(REPLAY_DEFAULT_CHANGES),
  /** `true`: also the newest snapshot at or before `afterSeq` (seeking: ask with afterSeq = a snapshot's seq). */
  snapshot: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});
export type LessonReplayQuery = z.infer<typeof LessonReplayQuery>;

/** The scene as a snapshot stores it: the visible elements (no tombstones), the pages and the lock. */
export const ReplayScene = z.object({
  elements: z.array(z.record(z.string(), z.unknown())),
  pages: z.array(z.object({ id: z.string(), name: z.string() })),
  locked: z.boolean(),
});
export type ReplayScene = z.infer<typeof ReplayScene>;

export const ReplaySnapshot = z.object({ seq: z.number().int(), at: EpochMs, scene: ReplayScene });
export type ReplaySnapshot = z.infer<typeof ReplaySnapshot>;

/** Kinds of logged board changes and their payloads (docs/lessons.md "Replay data"). */
export const BOARD_CHANGE_KINDS = ['elements', 'clear', 'restore', 'pages', 'lock'] as const;

export const ReplayChange = z.object({
  seq: z.number().int(),
  at: EpochMs,
  /** The user whose message made the change (null once that account is deleted). */
  by: Id.nullable(),
  kind: z.enum(BOARD_CHANGE_KINDS),
  /**
   * elements: `{ elements }` (the accepted elements); clear: `{ pageId, ids, elements }` (the tombstones);
   * restore: `{ clearSeq, ids, elements }`; pages: `{ action, pageId, pages }`; lock: `{ locked }`.
   */
  payload: z.record(z.string(), z.unknown()),
});
export type ReplayChange = z.infer<typeof ReplayChange>;

export const LessonReplay = z.object({
  lessonId: Id,
  status: LessonStatus,
  startsAt: EpochMs,
  openedAt: EpochMs.nullable(),
  closedAt: EpochMs.nullable(),
  /** The board's last change (the end of the timeline). */
  lastSeq: z.number().int(),
  /** Every snapshot's seq and time (without its scene), oldest first: where a seek may start. */
  snapshots: z.array(z.object({ seq: z.number().int(), at: EpochMs })),
  /** With `snapshot=true`: the newest snapshot at or before `afterSeq`, else null. */
  snapshot: ReplaySnapshot.nullable(),
  /** Changes after `afterSeq`, oldest first, at most `limit` (and REPLAY_PAGE_BYTES of payloads). */
  changes: z.array(ReplayChange),
  /** The `afterSeq` of the next page, or null when this page reaches `lastSeq`. */
  nextAfterSeq: z.number().int().nullable(),
  /** Who was in the room when, oldest first (a row left open by a lost node ends at the lesson's close). */
  presence: z.array(LessonPresence),
});
export type LessonReplay = z.infer<typeof LessonReplay>;
