// Shape of the web's route table (every docs/product.md §2 route plus the change-password page).
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Call } from '../api/call';

/** The areas of docs/product.md §2 (the same names as the contract's SPEC_ROUTES). */
export type RouteArea = 'admin' | 'student' | 'parent' | 'teacher' | 'public';

/** Which issue builds a page that still shows 建设中 (docs/routes.md). */
export type IssueRef = 'question-bank' | 'practice-engine' | 'later';

export const ISSUES: Record<IssueRef, { doc: string; ui: string }> = {
  'question-bank': { doc: 'issue 3 "Question bank"', ui: '将随「题库」功能上线' },
  'practice-engine': { doc: 'issue 4 "Practice engine"', ui: '将随「练习引擎」功能上线' },
  later: { doc: 'a later issue, not yet filed', ui: '将在后续版本中提供' },
};

/** Where a page is drawn: inside its area's layout, full screen (admin top-level pages), or alone. */
export type LayoutKey = 'admin' | 'student' | 'parent' | 'teacher' | 'public' | 'bare';

export interface RouteDef {
  /** Absolute react-router pattern, as in the contract's SPEC_ROUTES. */
  pattern: string;
  area: RouteArea;
  layout: LayoutKey;
  /** Chinese page name (menus, 建设中 page, document title). */
  title: string;
  /** The page; absent while a later issue has not built it. */
  page?: ComponentType;
  /** Set exactly when `page` is absent. */
  issue?: IssueRef;
  /**
   * What the page will read first, started as soon as the route is matched — beside the page's chunk instead of
   * after it (docs/web.md "Route preloading"): queries prefetched into the cache, heavy chunks started. It may return
   * a promise, never rejected, of the chunks the page will draw at once beyond its own (known once its read is in):
   * the first load waits for them with the page's chunk.
   */
  prefetch?: (ctx: PrefetchContext) => Promise<unknown> | undefined | void;
  /** The page is only a start (e.g. a greeting); the issue that builds the rest (docs/routes.md says what is missing). */
  partly?: IssueRef;
}

/** What a route's prefetch gets: the matched path's parameters and the session's client. */
export interface PrefetchContext {
  params: Readonly<Record<string, string | undefined>>;
  queryClient: QueryClient;
  call: Call;
  agencyId: string;
  /** The signed-in user's roles (none for a visitor): a read only some roles may make is left to them. */
  roles: readonly string[];
}
