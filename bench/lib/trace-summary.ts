// Reads a Chromium trace (the Trace Event Format, as playwright's browser.startTracing returns it) of one page load
// into what bench/scenarios/first-load-trace.ts writes: each request's start, headers and end, the renderer main
// thread's tasks with what they spent their time on, and the main thread's busy time by kind before a given moment.
// Times are milliseconds from the load's navigationStart. docs/performance.md "First load".

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

export interface TracedRequest {
  url: string;
  priority?: string;
  renderBlocking?: string;
  /** What started it: the parser, a script (its file), a preload. */
  initiator?: string;
  startMs: number;
  headersMs?: number;
  endMs?: number;
  /** Bytes on the wire (headers included) as the renderer was told. */
  wireBytes?: number;
  status?: number;
}

export interface TracedTask {
  startMs: number;
  durMs: number;
  /** Where the task's time went: up to three largest parts, `kind: detail` → ms. */
  parts: [string, number][];
}

/** How the main thread's time splits: script (compile, evaluate, run), style, layout, paint, parse, gc, other. */
export type Kind = 'script' | 'compile' | 'style' | 'layout' | 'paint' | 'parse' | 'gc' | 'other';

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The kind of work an event names; undefined when it says nothing of its own (its parent's kind holds). */
export function kindOf(name: string): Kind | undefined {
  if (/GC|Scavenge|MarkCompact|Sweep/i.test(name) && !/Fire/.test(name)) return 'gc';
  if (/compile|CompileScript|CompileCode|ParseScript|PreParse/i.test(name)) return 'compile';
  if (
    ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'RunMicrotasks', 'TimerFire', 'EventDispatch'].includes(
      name,
    )
  )
    return 'script';
  if (['FireAnimationFrame', 'v8.run', 'V8.Execute', 'HandlePostMessage', 'FireIdleCallback'].includes(name))
    return 'script';
  if (
    ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'StyleInvalidatorInvalidationTracking'].includes(
      name,
    )
  )
    return 'style';
  if (name === 'Layout' || name === 'UpdateLayout') return 'layout';
  if (['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'PaintImage'].includes(name))
    return 'paint';
  if (name === 'ParseHTML') return 'parse';
  return undefined;
}

/** A short name for an event: its name and the file (script, stylesheet) it concerns. */
function detail(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const url = (d.url ?? d.styleSheetUrl ?? e.args?.fileName ?? '') as string;
  const file = url ? ` ${url.replace(/^[a-z]+:\/\/[^/]+/, '')}` : '';
  const fn = typeof d.functionName === 'string' && d.functionName ? ` ${d.functionName}` : '';
  return `${e.name}${file}${fn}`;
}

/** The navigation of `path` in the trace: its renderer (pid), main thread (tid) and start (µs). */
export function findNavigation(events: TraceEvent[], path: string) {
  const pathOf = (url: unknown) => (typeof url === 'string' && URL.canParse(url) ? new URL(url).pathname : null);
  const starts = events.filter((e) => e.name === 'navigationStart' && pathOf(e.args?.data?.documentLoaderURL) === path);
  const nav = starts.at(-1);
  if (!nav) throw new Error(`no navigationStart of ${path} in the trace`);
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain',
  );
  return { pid: nav.pid, tid: main?.tid ?? nav.tid, originUs: nav.ts };
}

/** Every request of the load from the renderer's resource events. */
export function requests(events: TraceEvent[], originUs: number): TracedRequest[] {
  const ms = (us: number) => Math.round((us - originUs) / 1000);
  const byId = new Map<string, TracedRequest>();
  for (const e of events) {
    const d = e.args?.data;
    const id = d?.requestId as string | undefined;
    if (!d || !id) continue;
    if (e.name === 'ResourceSendRequest' && e.ts >= originUs - 50_000) {
      const initiator = d.initiator as { type?: string; url?: string; fetchType?: string } | undefined;
      byId.set(id, {
        url: String(d.url).replace(/^[a-z]+:\/\/[^/]+/, ''),
        priority: d.priority as string | undefined,
        renderBlocking: d.renderBlocking as string | undefined,
        initiator: initiator
          ? [initiator.type, initiator.fetchType, initiator.url?.replace(/^[a-z]+:\/\/[^/]+/, '')]
              .filter(Boolean)
              .join(' ')
          : undefined,
        startMs: ms(e.ts),
      });
    }
    const r = byId.get(id);
    if (!r) continue;
    if (e.name === 'ResourceReceiveResponse') {
      r.headersMs = ms(e.ts);
      r.status = d.statusCode as number | undefined;
    }
    if (e.name === 'ResourceFinish') {
      const finish = d.finishTime as number | undefined;
      r.endMs = finish ? ms(finish * 1e6) : ms(e.ts);
      r.wireBytes = d.encodedDataLength as number | undefined;
    }
  }
  return [...byId.values()].sort((a, b) => a.startMs - b.startMs);
}

/**
 * The main thread's top-level tasks from `fromUs` to `untilUs`, each with the exclusive time of its descendants
 * grouped by kind and detail, and the total by kind.
 */
export function mainThread(events: TraceEvent[], tid: number, pid: number, originUs: number, untilUs: number) {
  const onThread = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: TracedTask[] = [];
  const byKind: Record<Kind, number> = {
    script: 0,
    compile: 0,
    style: 0,
    layout: 0,
    paint: 0,
    parse: 0,
    gc: 0,
    other: 0,
  };
  let i = 0;
  while (i < onThread.length) {
    const task = onThread[i];
    if (!TOP_LEVEL.has(task.name)) {
      i++;
      continue;
    }
    const end = task.ts + (task.dur ?? 0);
    // The task's descendants, nested by time; each one's exclusive time goes to the nearest kind above it.
    const stack: { e: TraceEvent; kind: Kind; label: string; childUs: number }[] = [];
    const parts = new Map<string, number>();
    const add = (kind: Kind, label: string, us: number) => {
      if (us <= 0) return;
      const key = `${kind}: ${label}`;
      parts.set(key, (parts.get(key) ?? 0) + us);
      if (task.ts >= originUs && task.ts < untilUs) byKind[kind] += us;
    };
    const close = (upTo: number) => {
      while (stack.length > 0 && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= upTo) {
        const top = stack.pop()!;
        add(top.kind, top.label, (top.e.dur ?? 0) - top.childUs);
        if (stack.length > 0) stack.at(-1)!.childUs += top.e.dur ?? 0;
      }
    };
    stack.push({ e: task, kind: 'other', label: 'task', childUs: 0 });
    let j = i + 1;
    for (; j < onThread.length && onThread[j].ts < end; j++) {
      const e = onThread[j];
      close(e.ts);
      const own = kindOf(e.name);
      const parent = stack.at(-1)!;
      const label = own && own !== parent.kind ? detail(e) : parent.label === 'task' ? detail(e) : parent.label;
      stack.push({ e, kind: own ?? parent.kind, label, childUs: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    i = j;
    if (task.ts < originUs || task.ts >= untilUs) continue;
    const top = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
    tasks.push({
      startMs: Math.round((task.ts - originUs) / 1000),
      durMs: Math.round((task.dur ?? 0) / 100) / 10,
      parts: top.map(([k, us]) => [k, Math.round(us / 100) / 10]),
    });
  }
  const busyMs = Object.values(byKind).reduce((s, us) => s + us, 0) / 1000;
  return {
    busyMs: Math.round(busyMs),
    byKindMs: Object.fromEntries(Object.entries(byKind).map(([k, us]) => [k, Math.round(us / 1000)])),
    tasks,
  };
}
