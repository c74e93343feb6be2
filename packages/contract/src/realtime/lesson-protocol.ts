// The lesson's realtime protocol over socket.io (docs/lessons.md "Realtime"): event names, payloads and acks,
// shared by the server (apps/server/src/realtime/) and the web room. Every client payload is parsed with these
// schemas on the server; a payload that does not parse closes that connection only.
import { z } from 'zod';
import { AgencyId } from '../schemas/common.js';
import { LessonRole, LessonStatus } from '../schemas/lessons.js';
import { LessonPush } from '../schemas/lesson-engine.js';

/** The socket.io path (WebSocket transport only, so a load balancer needs no sticky sessions). */
export const REALTIME_PATH = '/v1/realtime';

export const BOARD_LIMITS = {
  /** Elements one update may carry. */
  elementsPerUpdate: 500,
  /** Bytes of one element's JSON. */
  elementBytes: 64 * 1024,
  /** Elements (tombstones included) one lesson's board may hold. */
  elementsPerLesson: 20_000,
  /** Pages of one board. */
  pages: 20,
  /** A full snapshot of the scene is stored every this many accepted changes. */
  snapshotEvery: 100,
} as const;

/** Lessons one connection may have joined at once. */
export const MAX_LESSONS_PER_CONNECTION = 4;

/**
 * Board changes (`board:update`, `board:lock`, `board:clear`, `board:restore`, `board:page`) one connection may have
 * waiting for the server at once (a client that waits for each ack, as the web room does, has one); past it a change
 * is refused at once with 429 and stored nowhere: send it again after the earlier ones were acked.
 */
export const MAX_QUEUED_BOARD_CHANGES = 16;

/**
 * The handshake's `auth` (socket.io `io(url, { path: REALTIME_PATH, transports: ['websocket'], auth })`): the
 * session's bearer token and the agency the client acts in (X-Agency-Id's rules). A refused handshake answers
 * `connect_error` with a Chinese message and `data: { code }`: 400 bad auth, 401 token unknown or expired, 403
 * password change pending or an agency the user cannot act in.
 */
export const RealtimeAuth = z.object({ token: z.string().min(1).max(512), agencyId: AgencyId });
export type RealtimeAuth = z.infer<typeof RealtimeAuth>;

const LessonRef = z.object({ lessonId: z.number().int().positive() });

/**
 * An Excalidraw element as the board stores it: the fields sync relies on are checked, the rest is kept as sent
 * (bounded by BOARD_LIMITS.elementBytes on the server). `customData.pageId` names its page (default the first).
 */
export const BoardElement = z
  .object({
    id: z.string().min(1).max(64),
    type: z.string().min(1).max(32),
    version: z.number().int().min(1).max(2_147_483_647),
    versionNonce: z.number().int().min(-2_147_483_648).max(4_294_967_295),
    isDeleted: z.boolean(),
    fileId: z.string().max(64).nullable().optional(),
    customData: z
      .object({ pageId: z.string().min(1).max(32).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type BoardElement = z.infer<typeof BoardElement>;

export const BoardPage = z.object({ id: z.string().min(1).max(32), name: z.string().min(1).max(32) });
export type BoardPage = z.infer<typeof BoardPage>;

/** The board as a joiner receives it: every element (tombstones included), pages, lock, last change's seq. */
export const BoardScene = z.object({
  elements: z.array(BoardElement),
  pages: z.array(BoardPage),
  locked: z.boolean(),
  seq: z.number().int().min(0),
  /** The page the teacher last showed to everybody (`board:page` show), when there was one. */
  shownPageId: z.string().optional(),
});
export type BoardScene = z.infer<typeof BoardScene>;

export const Peer = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: LessonRole,
  /** Media the peer says it sends (rtc:state). */
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
});
export type Peer = z.infer<typeof Peer>;

/**
 * Every ack: ok with a result, or an error with an HTTP-like code (400, 403, 404, 409, 413, 429; 500 for a server
 * fault) and a Chinese message.
 */
export type Ack<T> = ({ ok: true } & T) | { ok: false; error: { code: number; message: string } };

// ---- client → server (with an ack where the type names one) ----

/** `lesson:join` → Ack<JoinResult>. The lesson is re-checked for this user and agency (404 otherwise). */
export const JoinRequest = LessonRef;
export const JoinResult = z.object({
  role: LessonRole,
  status: LessonStatus,
  board: BoardScene,
  peers: z.array(Peer),
  me: z.object({ userId: z.number().int(), name: z.string() }),
});
export type JoinResult = z.infer<typeof JoinResult>;

/** `lesson:leave` (no ack). */
export const LeaveRequest = LessonRef;

/**
 * `board:update` → Ack<{ seq }>: the sender's changed elements; participants only, refused while locked (student).
 * `seq` is the change's, or the board's current seq when none of the elements was newer than the stored one.
 */
export const BoardUpdate = LessonRef.extend({
  elements: z.array(BoardElement).min(1).max(BOARD_LIMITS.elementsPerUpdate),
});
export type BoardUpdate = z.infer<typeof BoardUpdate>;

/** `board:sync` → Ack<BoardScene>: after a reconnect, the elements changed since `sinceSeq` (all when 0). */
export const BoardSync = LessonRef.extend({ sinceSeq: z.number().int().min(0) });

/**
 * `board:pointer` (volatile, no ack, at most 20 Hz a client): relayed as `board:pointer` with the sender to the
 * others in the room, the newest of a sender when several came at once (docs/lessons.md "Board").
 */
export const BoardPointer = LessonRef.extend({
  x: z.number().finite(),
  y: z.number().finite(),
  pageId: z.string().max(32),
  button: z.enum(['up', 'down']).default('up'),
});
export type BoardPointer = z.infer<typeof BoardPointer>;

/**
 * Teacher only. `board:lock` → Ack<{ seq }>; `board:clear` → Ack<BoardChangeAck> (undo with `board:restore` of
 * that seq, → Ack<BoardChangeAck>): the ack carries the tombstoned (restored) elements to apply locally.
 */
export const BoardLock = LessonRef.extend({ locked: z.boolean() });
export const BoardClear = LessonRef.extend({ pageId: z.string().min(1).max(32) });
export const BoardRestore = LessonRef.extend({ clearSeq: z.number().int().positive() });
export const BoardChangeAck = z.object({ seq: z.number().int(), elements: z.array(BoardElement) });
export type BoardChangeAck = z.infer<typeof BoardChangeAck>;

/**
 * Teacher only. `board:page` → Ack<PageAck>: add a page, rename one, or show one to everybody; `pageId` is the page
 * added (its id is the server's), renamed or shown.
 */
export const BoardPageAction = z.discriminatedUnion('action', [
  LessonRef.extend({ action: z.literal('add'), name: z.string().trim().min(1).max(32).optional() }),
  LessonRef.extend({
    action: z.literal('rename'),
    pageId: z.string().min(1).max(32),
    name: z.string().trim().min(1).max(32),
  }),
  LessonRef.extend({ action: z.literal('show'), pageId: z.string().min(1).max(32) }),
]);
export type BoardPageAction = z.infer<typeof BoardPageAction>;
export const PageAck = z.object({ pages: z.array(BoardPage), seq: z.number().int(), pageId: z.string() });
export type PageAck = z.infer<typeof PageAck>;

/**
 * `rtc:signal` (no ack): relayed to the lesson's other participant (perfect negotiation; ICE restart on drops).
 * `session` names the teacher's connection the signal belongs to (both sides send it, docs/lessons.md "Video"); a
 * signal with neither description nor candidate is the student's hello.
 */
export const RtcSignal = LessonRef.extend({
  session: z.string().min(1).max(64).optional(),
  description: z
    .object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z
        .string()
        .max(64 * 1024)
        .optional(),
    })
    .optional(),
  candidate: z
    .object({
      candidate: z.string().max(2048),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type RtcSignal = z.infer<typeof RtcSignal>;

/** `rtc:state` (no ack): what the sender's media are doing; broadcast as part of `lesson:presence`. */
export const RtcState = LessonRef.extend({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() });
export type RtcState = z.infer<typeof RtcState>;

// ---- server → client ----

/** `board:elements`: elements accepted from another client (or a clear/restore), with the change's seq. */
export const BoardElementsEvent = LessonRef.extend({
  seq: z.number().int(),
  by: z.number().int(),
  elements: z.array(BoardElement),
});
/** `board:state`: lock and pages changed. `board:show`: the teacher shows a page to everybody. */
export const BoardStateEvent = LessonRef.extend({
  locked: z.boolean(),
  pages: z.array(BoardPage),
  seq: z.number().int(),
});
export const BoardShowEvent = LessonRef.extend({ pageId: z.string(), seq: z.number().int() });
/** `board:pointer` relayed with the sender. */
export const BoardPointerEvent = BoardPointer.extend({ userId: z.number().int(), name: z.string() });
/** `lesson:presence`: who is in the room now. `lesson:status`: the lesson was opened, closed or cancelled. */
export const PresenceEvent = LessonRef.extend({ peers: z.array(Peer) });
export const StatusEvent = LessonRef.extend({ status: LessonStatus });
/** `rtc:signal` relayed with the sender. */
export const RtcSignalEvent = RtcSignal.extend({ from: z.number().int() });
/** `lesson:dropped`: sent before the server closes a connection (token revoked, member disabled, abuse). */
export const DroppedEvent = z.object({ reason: z.string() });

/**
 * `lesson:question`: the teacher pushed a question into the lesson (docs/lessons.md "The engine in the lesson"), to
 * the whole room, as the student reads it (no key, no answer yet). The student answers it with
 * `POST /v1/train/{push.trainId}/answer`.
 */
export const LessonQuestionEvent = LessonRef.extend({ push: LessonPush });
export type LessonQuestionEvent = z.infer<typeof LessonQuestionEvent>;
/**
 * `lesson:answer`: the student answered a pushed question, to the room but the student (who has the judged result
 * from the answer call): the teacher's and observers' view, with the key, the answer and its verdict.
 */
export const LessonAnswerEvent = LessonRef.extend({ push: LessonPush });
export type LessonAnswerEvent = z.infer<typeof LessonAnswerEvent>;

/**
 * `lesson:withdrawn`: the teacher took back the pushed question `n` before the student answered it, to the whole
 * room; the student's side takes its card away (docs/lessons.md "Withdrawing a push").
 */
export const LessonWithdrawnEvent = LessonRef.extend({ questionId: z.string(), n: z.number().int() });
export type LessonWithdrawnEvent = z.infer<typeof LessonWithdrawnEvent>;

export const CLIENT_EVENTS = [
  'lesson:join',
  'lesson:leave',
  'board:update',
  'board:sync',
  'board:pointer',
  'board:lock',
  'board:clear',
  'board:restore',
  'board:page',
  'rtc:signal',
  'rtc:state',
] as const;
export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** What the server sends (payloads above): the room's events, and `lesson:dropped` before it closes a connection. */
export const SERVER_EVENTS = [
  'board:elements',
  'board:state',
  'board:show',
  'board:pointer',
  'lesson:presence',
  'lesson:status',
  'rtc:signal',
  'lesson:dropped',
  'lesson:question',
  'lesson:answer',
  'lesson:withdrawn',
] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];
