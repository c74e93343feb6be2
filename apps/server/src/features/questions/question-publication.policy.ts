// Pure rules of public preview: who may have an answer judged by POST …/{id}/test, and what a visitor or
// a user turned away is told (docs/domain.md "Questions and repositories": `…/test` is for staff and for questions published for public preview).

export interface TestCaller {
  /** A logged-in user (a missing, bad or expired token is a visitor). */
  loggedIn: boolean;
  /** The user passes the route's staff roles in the agency in context, and that agency sees the question. */
  staffSees: boolean;
  /** The question exists, is active, and is published for public preview. */
  published: boolean;
}

/**
 * 'judge' for staff who see the question and for anyone on a published question; otherwise 'login' (401)
 * for a visitor — like every route that needs a login — and 'hidden' (404) for a logged-in user, the same
 * answer for unknown, foreign and unpublished ids, so ids cannot be probed.
 */
export function testAccess(c: TestCaller): 'judge' | 'login' | 'hidden' {
  if (c.staffSees || c.published) return 'judge';
  return c.loggedIn ? 'hidden' : 'login';
}

/** Only the latest version of an active question is ever shown publicly; archived ones are not. */
export const publiclyShown = (q: { status: string } | undefined, hasPublication: boolean): boolean =>
  q !== undefined && q.status === 'active' && hasPublication;
