// Pages, layouts and heavy parts (the graph canvas) are chunks of their own (docs/performance.md "Bundle"). A lazy
// component here can be told to start loading before it renders — the router starts the matched page's chunk
// together with its layout's (docs/web.md "Route preloading") — and, once its chunk is in, renders in the same pass
// instead of suspending: React holds back the reveal of a Suspense boundary that showed its fallback for up to
// 0.3 s, which a cold page load paid at each lazy level even with every chunk already loaded.
import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk (once); a failed load may be tried again. */
  preload: () => Promise<unknown>;
};

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Suspending = lazy(once) as unknown as ComponentType<P>;
  function LazyPart(props: P) {
    // Fixed for the life of this element: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Suspending, props);
  }
  return Object.assign(LazyPart, { preload: once });
}

/** A page: a lazy component without props. */
export type LazyPage = LazyComponent<object>;
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyComponent<object>(load);

/**
 * Starts a page's chunk if it is a lazy page. The promise settles once the chunk is in or has failed, and never
 * rejects: a failure shows when the page renders.
 */
export function preloadPage(page: ComponentType | undefined): Promise<void> {
  const preload = (page as Partial<LazyPage> | undefined)?.preload;
  return preload
    ? preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
