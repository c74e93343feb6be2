// Pages and layouts are chunks of their own (React.lazy, docs/performance.md "Bundle"). A lazy page can also be
// told to start loading before it renders: the router starts the matched page's chunk together with its layout's
// instead of after it (docs/web.md "Route preloading").
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the chunk (once); a failed load may be tried again. */
  preload: () => Promise<unknown>;
};

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
  return Object.assign(lazy(once), { preload: once });
}

/** Starts a page's chunk if it is a lazy page; failures show when the page renders. */
export function preloadPage(page: ComponentType | undefined): void {
  const preload = (page as Partial<LazyPage> | undefined)?.preload;
  if (preload) void preload().catch(() => undefined);
}
