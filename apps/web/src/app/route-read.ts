// A page's first read started by its route's prefetch (docs/web.md "Route preloading") is the page's read: the
// page that mounts a moment later shows it without reading again, though its data is never fresh (staleTime 0:
// read whenever the page opens — the prefetch runs on every navigation to it).
import type { Query } from '@tanstack/react-query';

/** How old a read may be and still count as this navigation's (a slow phone takes seconds for the page's chunks). */
export const JUST_READ_MS = 5000;

/**
 * The prefetch's `staleTime`: a read of the last moment is not made again (the route's effect may run twice for one
 * navigation, e.g. when the session is refreshed).
 */
export const PREFETCH_STALE_MS = 1000;

/** `refetchOnMount` of a page's first read: again unless the route's prefetch has just read it. */
export const unlessJustRead = (query: Pick<Query, 'state'>): boolean =>
  Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;
