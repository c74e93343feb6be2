// A 60-minute lesson's board as its two clients send it (docs/performance.md "Lesson replay"): the board changes a
// teacher and a student make, in time order, as the web room sends them (docs/lessons.md "Board"; the room batches its
// changes every 100 ms, apps/web/src/areas/lesson-room/board/board-sync.ts). A freedraw stroke grows a point each
// pointer move (60 a second) with its version + 1, and is sent whole every 100 ms while it is drawn and once at its
// end; a shape grows as it is dragged, a text as it is typed, a moved element moves. Between bursts of writing there are
// pauses (talking); the student writes while the board is unlocked. The teacher locks and unlocks the board, adds and
// shows pages, clears a page and undoes it once, clears another. Deterministic for a seed.

export type Who = 'teacher' | 'student';

export interface BoardEl {
  id: string;
  type: string;
  version: number;
  versionNonce: number;
  isDeleted: boolean;
  customData: { pageId: string };
  [k: string]: unknown;
}

export type BoardOp =
  | { at: number; by: Who; op: 'update'; elements: BoardEl[] }
  | { at: number; by: 'teacher'; op: 'clear'; pageId: string }
  | { at: number; by: 'teacher'; op: 'restore' }
  | { at: number; by: 'teacher'; op: 'add-page' }
  | { at: number; by: 'teacher'; op: 'show-page'; pageId: string }
  | { at: number; by: 'teacher'; op: 'lock'; locked: boolean };

/** How often a client sends its changes (ms) and how often a pointer moves while drawing (ms). */
const SEND_EVERY_MS = 100;
const POINTER_EVERY_MS = 1000 / 60;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
const r2 = (x: number) => Math.round(x * 100) / 100;

/** The ops of a lesson of `minutes`, ordered by time (ms from the opening). */
export function lessonBoardOps(minutes = 60, seed = 27): BoardOp[] {
  const rnd = prng(seed);
  const between = (a: number, b: number) => a + rnd() * (b - a);
  const int = (a: number, b: number) => Math.floor(between(a, b + 1));
  const nanoid = () => Array.from({ length: 21 }, () => ALPHABET[int(0, 63)]).join('');
  const nonce = () => int(1, 2_000_000_000);
  let order = 0;
  /** Excalidraw's fractional index: increasing keys (the order elements were made). */
  const nextIndex = () => `a${(order++).toString(36).padStart(5, '0')}`;
  const end = minutes * 60_000;
  const ops: BoardOp[] = [];
  /** The elements each client made, by page, to move or erase. */
  const made: BoardEl[] = [];
  let page = 'p1';
  let pages = 1;
  let locked = false;
  /** Where the next handwriting goes on each page (lines down the page). */
  const pen = new Map<string, { x: number; y: number }>();

  const base = (type: string, x: number, y: number, at: number): BoardEl => ({
    id: nanoid(),
    type,
    x: r2(x),
    y: r2(y),
    width: 0,
    height: 0,
    angle: 0,
    strokeColor: rnd() < 0.8 ? '#1e1e1e' : '#e03131',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    index: nextIndex(),
    roundness: null,
    seed: nonce(),
    version: 1,
    versionNonce: nonce(),
    isDeleted: false,
    boundElements: null,
    updated: at,
    link: null,
    locked: false,
    customData: { pageId: page },
  });
  /** Sends of an element changing from `t0` to `t1`: every 100 ms while it changes, and once at the end. */
  const sendTimes = (t0: number, t1: number) => {
    const out: number[] = [];
    for (let t = t0; t < t1; t += SEND_EVERY_MS) out.push(t);
    out.push(t1);
    return out;
  };
  const send = (by: Who, at: number, elements: BoardEl[]) =>
    ops.push({
      at: Math.round(at),
      by,
      op: 'update',
      elements: elements.map((e) => ({ ...e, updated: Math.round(at) })),
    });

  /** One freedraw stroke: a point a pointer move, sent whole every 100 ms. Answers when it ends. */
  function stroke(by: Who, t0: number, x: number, y: number, ms: number) {
    const el: BoardEl & { points: number[][] } = {
      ...base('freedraw', x, y, t0),
      points: [[0, 0]],
      pressures: [],
      simulatePressure: true,
    };
    el.lastCommittedPoint = null;
    let px = 0;
    let py = 0;
    let dx = between(-2, 2);
    let dy = between(-2, 2);
    const times = sendTimes(t0, t0 + ms);
    let t = t0;
    for (const at of times) {
      while (t + POINTER_EVERY_MS <= at) {
        t += POINTER_EVERY_MS;
        dx = Math.max(-4, Math.min(4, dx + between(-1, 1)));
        dy = Math.max(-4, Math.min(4, dy + between(-1, 1)));
        px += dx;
        py += dy;
        el.points.push([r2(px), r2(py)]);
        el.version++;
      }
      const xs = el.points.map((p) => p[0]);
      const ys = el.points.map((p) => p[1]);
      el.width = r2(Math.max(...xs) - Math.min(...xs));
      el.height = r2(Math.max(...ys) - Math.min(...ys));
      el.versionNonce = nonce();
      if (at === times[times.length - 1]) el.lastCommittedPoint = el.points[el.points.length - 1];
      send(by, at, [{ ...el, points: el.points.map((p) => [...p]) }]);
    }
    made.push(el);
    return t0 + ms;
  }

  /** Handwriting for `ms`: strokes of 0.25–1.2 s with short gaps, along lines down the page. */
  function writing(by: Who, t0: number, ms: number) {
    let t = t0;
    const p = pen.get(page) ?? { x: 40, y: 40 };
    while (t < t0 + ms && t < end) {
      t = stroke(by, t, p.x + between(0, 12), p.y + between(0, 20), between(250, 1200));
      p.x += between(8, 22);
      if (p.x > 1100) {
        p.x = between(30, 60);
        p.y += between(40, 60);
        if (p.y > 1400) p.y = 40;
      }
      // Now and then the last stroke is erased (Excalidraw's eraser: deleted, version + 1).
      if (rnd() < 0.04) {
        const last = made[made.length - 1];
        last.version++;
        last.versionNonce = nonce();
        last.isDeleted = true;
        t += between(300, 800);
        send(by, t, [last]);
      }
      t += between(150, 800);
    }
    pen.set(page, p);
    return t;
  }

  /** A shape or arrow dragged out, sometimes a few elements moved together after it. */
  function diagram(by: Who, t0: number) {
    let t = t0;
    for (let n = int(1, 4); n > 0 && t < end; n--) {
      const type = ['rectangle', 'ellipse', 'diamond', 'arrow', 'line'][int(0, 4)];
      const el = base(type, between(60, 1000), between(60, 1300), t);
      if (type === 'arrow' || type === 'line')
        Object.assign(el, {
          points: [
            [0, 0],
            [0, 0],
          ],
          lastCommittedPoint: null,
          startBinding: null,
          endBinding: null,
          startArrowhead: null,
          endArrowhead: type === 'arrow' ? 'arrow' : null,
          elbowed: false,
        });
      else el.roundness = { type: 3 };
      const w = between(60, 400);
      const h = between(40, 300);
      const ms = between(400, 1500);
      for (const at of sendTimes(t, t + ms)) {
        const f = Math.min(1, (at - t) / ms);
        el.version += Math.round((SEND_EVERY_MS / POINTER_EVERY_MS) * f) + 1;
        el.versionNonce = nonce();
        el.width = r2(w * f);
        el.height = r2(h * f);
        if (el.points)
          el.points = [
            [0, 0],
            [r2(w * f), r2(h * f)],
          ];
        send(by, at, [{ ...el }]);
      }
      made.push(el);
      t += ms + between(500, 3000);
    }
    // Moving what is there: one element, or a few selected together.
    if (rnd() < 0.5) {
      const onPage = made.filter((e) => e.customData.pageId === page && !e.isDeleted);
      const moved = onPage.slice(-int(1, 6));
      const ms = between(300, 1500);
      const dx = between(-200, 200);
      const dy = between(-150, 150);
      const from = moved.map((e) => [e.x as number, e.y as number]);
      for (const at of sendTimes(t, t + ms)) {
        const f = Math.min(1, (at - t) / ms);
        moved.forEach((e, i) => {
          e.version += 6;
          e.versionNonce = nonce();
          e.x = r2(from[i][0] + dx * f);
          e.y = r2(from[i][1] + dy * f);
        });
        send(
          by,
          at,
          moved.map((e) => ({ ...e })),
        );
      }
      t += ms;
    }
    return t;
  }

  /** A text typed in: the element grows as words are committed (the IME), sent every 100 ms. */
  function typing(by: Who, t0: number) {
    const el: BoardEl & { text: string } = {
      ...base('text', between(60, 900), between(60, 1300), t0),
      text: '',
      fontSize: 20,
      fontFamily: 5,
      textAlign: 'left',
      verticalAlign: 'top',
      containerId: null,
      originalText: '',
      autoResize: true,
      lineHeight: 1.25,
    };
    const words = ['已知', '函数', '求证', '解：', '因为', '所以', '设 x =', '由题意得', '代入', '答：', '∴', '= 12'];
    let t = t0;
    for (let n = int(2, 10); n > 0; n--) {
      t += between(400, 1500);
      el.text += words[int(0, words.length - 1)];
      el.originalText = el.text;
      el.width = el.text.length * 20;
      el.height = 25;
      el.version += 2;
      el.versionNonce = nonce();
      send(by, t, [{ ...el }]);
    }
    made.push(el);
    return t;
  }

  // The lesson's shape: the teacher explains (locked for the first part), the student works at the board, pages are
  // added and shown, a page is cleared and the clear undone, another cleared later.
  const structural: { at: number; run: () => void }[] = [
    { at: 0.08, run: () => ((locked = true), ops.push({ at: tAt(0.08), by: 'teacher', op: 'lock', locked: true })) },
    { at: 0.2, run: () => ((locked = false), ops.push({ at: tAt(0.2), by: 'teacher', op: 'lock', locked: false })) },
    { at: 0.22, run: () => ops.push({ at: tAt(0.22), by: 'teacher', op: 'clear', pageId: 'p1' }) },
    { at: 0.221, run: () => ops.push({ at: tAt(0.221), by: 'teacher', op: 'restore' }) },
    { at: 0.25, run: () => addPage(tAt(0.25)) },
    { at: 0.5, run: () => ops.push({ at: tAt(0.5), by: 'teacher', op: 'clear', pageId: 'p2' }) },
    { at: 0.55, run: () => addPage(tAt(0.55)) },
    { at: 0.8, run: () => show('p1', tAt(0.8)) },
    { at: 0.9, run: () => addPage(tAt(0.9)) },
  ];
  function tAt(f: number) {
    return Math.round(f * end);
  }
  function addPage(at: number) {
    pages++;
    ops.push({ at, by: 'teacher', op: 'add-page' });
    show(`p${pages}`, at + 200);
  }
  function show(pageId: string, at: number) {
    page = pageId;
    ops.push({ at, by: 'teacher', op: 'show-page', pageId });
  }

  let t = 2000;
  let next = 0;
  while (t < end) {
    while (next < structural.length && structural[next].at * end <= t) structural[next++].run();
    const roll = rnd();
    if (roll < 0.38) t = writing('teacher', t, between(8000, 40_000));
    else if (roll < 0.46) t = diagram('teacher', t);
    else if (roll < 0.5) t = typing('teacher', t);
    else if (roll < 0.75 && !locked) t = writing('student', t, between(8000, 30_000));
    else if (roll < 0.78 && !locked) t = typing('student', t);
    t += between(3000, 30_000);
  }
  return ops.filter((o) => o.at < end).sort((a, b) => a.at - b.at);
}
