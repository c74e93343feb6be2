// Holding an in-app navigation while a page would lose work (docs/web.md "Unsaved changes"). react-router's
// `useBlocker` needs its data router, which adds 14 KB brotli to every first load and takes the student's over its
// budget (docs/web.md "Bundle budget"), so the app's declarative router gets the same here: the navigator that every
// `<Link>`, `<Navigate>` and `navigate()` goes through (react-router's NavigationContext) asks the pages' guards
// first, and the browser's back and forward (popstate) are caught before the router hears them and undone while a
// guard decides — what the data router does. Pages use it through components/useUnsavedGuard.ts.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  parsePath,
  UNSAFE_NavigationContext,
  useLocation,
  type NavigateOptions,
  type Navigator,
  type To,
} from 'react-router';

/** Where a navigation starts and where it goes (`to` null: back or forward, whose target is not known here). */
export interface NavigationAttempt {
  from: { pathname: string; search: string };
  to: { pathname: string; search: string } | null;
}

/** A navigation held for a guard: `proceed` makes it, `reset` drops it. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

export interface NavigationGuardEntry {
  shouldBlock: (attempt: NavigationAttempt) => boolean;
  onBlocked: (held: HeldNavigation) => void;
}

type Register = (entry: NavigationGuardEntry) => () => void;
const GuardContext = createContext<Register | null>(null);

/** Registers a page's guard; null outside a NavigationGuard (nothing in-app is held then). */
export const useNavigationGuardRegister = () => useContext(GuardContext);

const noop = () => {};

/** Wraps the router's navigator; put it inside the router, around the routes. */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const context = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const entries = useRef(new Set<NavigationGuardEntry>());
  const here = useRef({ pathname: location.pathname, search: location.search });
  /** The browser history's index of the page shown (react-router keeps `idx` in history.state). */
  const index = useRef<number | null>(null);
  useEffect(() => {
    here.current = { pathname: location.pathname, search: location.search };
    index.current = historyIndex(window.history.state);
  }, [location]);

  const guardFor = useCallback((to: NavigationAttempt['to']) => {
    const attempt = { from: here.current, to };
    return [...entries.current].find((e) => e.shouldBlock(attempt)) ?? null;
  }, []);
  /** Makes the navigation to `to` (null: back or forward) now, or hands it to the first guard that holds it. */
  const hold = useCallback(
    (to: To | null, go: () => void) => {
      const guard = guardFor(to === null ? null : pathOf(to, here.current));
      if (guard) guard.onBlocked({ proceed: go, reset: noop });
      else go();
    },
    [guardFor],
  );

  const value = useMemo(() => {
    const n = context.navigator;
    // Everything else is the router's own navigator's.
    const navigator: Navigator = {
      createHref: (to) => n.createHref(to),
      createURL: n.createURL && ((to) => n.createURL!(to)),
      encodeLocation: n.encodeLocation && ((to) => n.encodeLocation!(to)),
      push: (to, state?: unknown, opts?: NavigateOptions) => hold(to, () => n.push(to, state, opts)),
      replace: (to, state?: unknown, opts?: NavigateOptions) => hold(to, () => n.replace(to, state, opts)),
      go: (delta) => hold(null, () => n.go(delta)),
    };
    return { ...context, navigator };
  }, [context, hold]);

  // Back and forward in the browser: heard in the capture phase, before the router's own listener, and undone.
  useEffect(() => {
    let swallow = 0;
    let letThrough = false;
    const onPop = (e: PopStateEvent) => {
      if (swallow > 0) {
        swallow -= 1;
        e.stopImmediatePropagation();
        return;
      }
      if (letThrough) {
        letThrough = false;
        return;
      }
      const guard = guardFor(null);
      const target = historyIndex(e.state);
      if (!guard || target === null || index.current === null) return;
      const delta = target - index.current;
      e.stopImmediatePropagation();
      swallow += 1;
      window.history.go(-delta);
      guard.onBlocked({
        proceed: () => {
          letThrough = true;
          window.history.go(delta);
        },
        reset: noop,
      });
    };
    window.addEventListener('popstate', onPop, { capture: true });
    return () => window.removeEventListener('popstate', onPop, { capture: true });
  }, [guardFor]);

  const register = useCallback<Register>((entry) => {
    entries.current.add(entry);
    return () => void entries.current.delete(entry);
  }, []);

  return (
    <UNSAFE_NavigationContext.Provider value={value}>
      <GuardContext.Provider value={register}>{children}</GuardContext.Provider>
    </UNSAFE_NavigationContext.Provider>
  );
}

function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/** The path and query a navigation goes to (`navigate()` hands the navigator a resolved path). */
function pathOf(to: To, from: { pathname: string }) {
  const p = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: p.pathname || from.pathname, search: p.search ?? '' };
}
