// The board's sync rules without Excalidraw or a socket (docs/web.md "The lesson room"): which copy of an element
// wins, what changed since it was last sent, and the queue of changes not yet acknowledged by the server.

/** What sync reads of an element (an Excalidraw element or the contract's BoardElement). */
export interface SyncElement {
  id: string;
  version: number;
  versionNonce: number;
  isDeleted: boolean;
  index?: string | null;
  customData?: { pageId?: string } | null;
}

/**
 * Whether the remote copy of an element replaces the local one: the higher version wins; equal versions go to
 * the lower versionNonce (Excalidraw's own rule, `reconcileElements`), so every client settles on the same copy.
 */
export function takesRemote(local: SyncElement | undefined, remote: SyncElement): boolean {
  if (!local) return true;
  if (remote.version !== local.version) return remote.version > local.version;
  return remote.versionNonce <= local.versionNonce;
}

/** Order of a scene: by fractional index (base-62 strings compare as text), then id; elements without one last. */
export function byIndex(a: SyncElement, b: SyncElement): number {
  const ia = a.index ?? '\uffff';
  const ib = b.index ?? '\uffff';
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `local` with `remote` merged by `takesRemote`, in scene order. */
export function reconcileByVersion<E extends SyncElement>(local: readonly E[], remote: readonly E[]): E[] {
  const out = new Map(local.map((e) => [e.id, e]));
  for (const r of remote) if (takesRemote(out.get(r.id), r)) out.set(r.id, r);
  return [...out.values()].sort(byIndex);
}

/** The page an element is on: `customData.pageId`, else the board's first page. */
export function pageOfElement(e: SyncElement, firstPageId: string): string {
  return e.customData?.pageId ?? firstPageId;
}

/** The same element marked as being on `pageId` (a new copy when it was not already). */
export function onPage<E extends SyncElement>(e: E, pageId: string): E {
  if (e.customData?.pageId === pageId) return e;
  return { ...e, customData: { ...(e.customData ?? {}), pageId } };
}

const stamp = (e: SyncElement) => `${e.version}:${e.versionNonce}`;

/**
 * Every element of the board, all pages, as this client last knows it: the server's scene, remote changes and
 * the local ones. Also remembers which copy of each element it holds, so a local change is told from an element
 * that only came in from the server.
 */
export class BoardStore<E extends SyncElement = SyncElement> {
  private readonly elements = new Map<string, E>();

  /** Replaces everything (a join's scene). */
  reset(elements: readonly E[]): void {
    this.elements.clear();
    for (const e of elements) this.elements.set(e.id, e);
  }

  get(id: string): E | undefined {
    return this.elements.get(id);
  }

  /** Takes the remote copies that win over the held ones; returns those taken. */
  mergeRemote(remote: readonly E[]): E[] {
    const taken: E[] = [];
    for (const r of remote)
      if (takesRemote(this.elements.get(r.id), r)) {
        this.elements.set(r.id, r);
        taken.push(r);
      }
    return taken;
  }

  /**
   * The elements of `scene` (one page, as the editor has it) that differ from the held copies — the local changes
   * — marked as on `pageId`; the held copies become them.
   */
  takeLocalChanges(scene: readonly E[], pageId: string): E[] {
    const changed: E[] = [];
    for (const e of scene) {
      const held = this.elements.get(e.id);
      if (held && stamp(held) === stamp(e)) continue;
      // An older copy than the held one is the editor not having caught up with a remote change yet.
      if (held && held.version > e.version) continue;
      const tagged = onPage(e, held ? (held.customData?.pageId ?? pageId) : pageId);
      this.elements.set(e.id, tagged);
      changed.push(tagged);
    }
    return changed;
  }

  /** The elements of a page (tombstones included), in scene order. */
  page(pageId: string, firstPageId: string): E[] {
    return [...this.elements.values()].filter((e) => pageOfElement(e, firstPageId) === pageId).sort(byIndex);
  }

  all(): E[] {
    return [...this.elements.values()];
  }
}

interface Queued<E> {
  element: E;
  /** The batch it went out in, or null while waiting to be sent. */
  batch: number | null;
}

/**
 * Local changes on their way to the server: each element's latest copy, sent in batches and kept until the server
 * acknowledges the batch. A batch that fails or is cut off by a disconnect is sent again; a newer copy of an element
 * replaces the queued one (only the newest copy is ever sent).
 */
export class BoardOutbox<E extends SyncElement = SyncElement> {
  private readonly queue = new Map<string, Queued<E>>();
  private nextBatch = 1;

  add(elements: readonly E[]): void {
    for (const element of elements) this.queue.set(element.id, { element, batch: null });
  }

  /** Elements waiting to go out (not in a batch on its way). */
  get waiting(): number {
    let n = 0;
    for (const q of this.queue.values()) if (q.batch === null) n++;
    return n;
  }

  /** Elements not yet acknowledged, sent or not. */
  get size(): number {
    return this.queue.size;
  }

  /** The next batch of at most `max` waiting elements, or null when none wait. */
  take(max: number): { batch: number; elements: E[] } | null {
    const elements: E[] = [];
    const batch = this.nextBatch;
    for (const q of this.queue.values()) {
      if (elements.length >= max) break;
      if (q.batch !== null) continue;
      q.batch = batch;
      elements.push(q.element);
    }
    if (elements.length === 0) return null;
    this.nextBatch++;
    return { batch, elements };
  }

  /** The server accepted the batch: its elements leave the queue unless a newer copy was queued since. */
  ack(batch: number): void {
    for (const [id, q] of this.queue) if (q.batch === batch) this.queue.delete(id);
  }

  /** The batch failed (timeout, 429): its elements wait to be sent again. */
  retry(batch: number): void {
    for (const q of this.queue.values()) if (q.batch === batch) q.batch = null;
  }

  /** The server refused the batch for good (403 locked, 413 too large): its elements are dropped. */
  drop(batch: number): E[] {
    const dropped: E[] = [];
    for (const [id, q] of this.queue)
      if (q.batch === batch) {
        dropped.push(q.element);
        this.queue.delete(id);
      }
    return dropped;
  }

  /** The connection dropped: everything unacknowledged waits to be sent again after the reconnect. */
  requeueAll(): void {
    for (const q of this.queue.values()) q.batch = null;
  }

  /** After a sync: drops queued copies that lost to what the server holds (a newer remote copy). */
  dropLosing(held: (id: string) => SyncElement | undefined): void {
    for (const [id, q] of this.queue) {
      const h = held(id);
      if (h && h !== q.element && takesRemote(q.element, h)) this.queue.delete(id);
    }
  }
}

/** At most one call per `ms`: the first at once, later ones at the end of the window (the latest arguments). */
export function throttle<A extends unknown[]>(ms: number, fn: (...args: A) => void) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const call = (...args: A) => {
    pending = args;
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return call;
}

/**
 * A short fingerprint of a page's elements (every copy's id, version and nonce): equal on two clients exactly when
 * they hold the same page. `count` is the elements shown (not deleted). Exposed on the board (e2e journeys compare).
 */
export function sceneFingerprint(elements: readonly SyncElement[]): string {
  const keys = elements.map((e) => `${e.id}:${e.version}:${e.versionNonce}`).sort();
  let h = 0x811c9dc5;
  for (const k of keys)
    for (let i = 0; i < k.length; i++) {
      h ^= k.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  const shown = elements.filter((e) => !e.isDeleted).length;
  return `${shown}-${h.toString(16)}`;
}
