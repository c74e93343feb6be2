// Pure rules of the store (docs/store.md): what an agency sees of a repository in the store and its preview,
// and when a platform admin may withdraw or restore one.

export interface StoreFacts {
  agencyId: string;
  shared: boolean;
  withdrawnAt: Date | null;
  /** The agency in context subscribes to it. */
  subscribed: boolean;
}

/**
 * What an agency's preview shows (docs/store.md "Preview"): 'full' (answers and explanations) for its own
 * repositories and the shared ones it subscribes to, even once withdrawn; 'stems' for another agency's shared
 * repository in the store; 'none' (404) otherwise — private, withdrawn and unknown alike.
 */
export type PreviewLevel = 'full' | 'stems' | 'none';
export function previewLevel(repo: StoreFacts | undefined, agencyId: string): PreviewLevel {
  if (!repo) return 'none';
  if (repo.agencyId === agencyId) return 'full';
  if (!repo.shared) return 'none';
  if (repo.subscribed) return 'full';
  return repo.withdrawnAt ? 'none' : 'stems';
}

/** The platform admin previews what is, or was, in the store: shared or withdrawn repositories, stems only. */
export function adminPreviewLevel(repo: Omit<StoreFacts, 'subscribed'> | undefined): PreviewLevel {
  return repo && (repo.shared || repo.withdrawnAt) ? 'stems' : 'none';
}

/** Withdraw: only a shared repository still in the store. Restore: only a withdrawn one. */
export type StoreActionVerdict = 'ok' | 'not_found' | 'not_shared' | 'already_withdrawn' | 'not_withdrawn';
export function mayWithdraw(repo: Omit<StoreFacts, 'subscribed'> | undefined): StoreActionVerdict {
  if (!repo) return 'not_found';
  if (repo.withdrawnAt) return 'already_withdrawn';
  return repo.shared ? 'ok' : 'not_shared';
}
export function mayRestore(repo: Omit<StoreFacts, 'subscribed'> | undefined): StoreActionVerdict {
  if (!repo) return 'not_found';
  return repo.withdrawnAt ? 'ok' : 'not_withdrawn';
}
