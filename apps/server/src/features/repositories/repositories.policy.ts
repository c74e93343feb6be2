// Pure rules of question repositories (docs/domain.md "Questions and repositories"): an agency writes only
// its own repositories, reads its own and the shared ones it subscribed to, and sees nothing else.

export type RepoAccess = 'owned' | 'subscribed' | 'none';

export interface RepoFacts {
  agencyId: string;
  shared: boolean;
  /** Set while a platform admin has withdrawn it from the store. */
  withdrawnAt?: Date | null;
}

/** How the agency in context relates to a repository. A subscription to a repo no longer shared counts as none. */
export function repoAccess(repo: RepoFacts | undefined, agencyId: string, subscribed: boolean): RepoAccess {
  if (!repo) return 'none';
  if (repo.agencyId === agencyId) return 'owned';
  return subscribed && repo.shared ? 'subscribed' : 'none';
}

/**
 * Decision (docs/question-bank.md): writes to what the agency cannot see answer 404 (nothing is
 * revealed); writes to a repository it uses by reference answer 403 (it can see it is read-only).
 */
export type WriteVerdict = 'ok' | 'not_found' | 'read_only';
export function mayWrite(access: RepoAccess): WriteVerdict {
  if (access === 'owned') return 'ok';
  return access === 'subscribed' ? 'read_only' : 'not_found';
}

/**
 * Only another agency's shared repository can be subscribed to, and not while a platform admin has withdrawn it
 * (docs/store.md "Withdrawal"); an agency that already subscribes keeps it (a repeat stays harmless).
 */
export type SubscribeVerdict = 'ok' | 'not_found' | 'own' | 'withdrawn';
export function maySubscribe(repo: RepoFacts | undefined, agencyId: string, subscribed = false): SubscribeVerdict {
  if (!repo) return 'not_found';
  if (repo.agencyId === agencyId) return 'own';
  if (!repo.shared) return 'not_found';
  return repo.withdrawnAt && !subscribed ? 'withdrawn' : 'ok';
}

/** A withdrawn repository may not be shared again by its owner until a platform admin restores it. */
export function mayShare(repo: RepoFacts, shared: boolean): boolean {
  return !shared || repo.shared || !repo.withdrawnAt;
}
