// Links only to pages the user may open (docs/web.md "Routing and access"): the same contract evaluator
// (`canAccessPath`) that decides which routes the router registers, so a link never leads to 页面不存在.
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { canAccessPath } from '@edu/contract';
import { useAppConfig, useUser } from '../app/session-context';

/** `canOpen(path)`: may the current user, in the current agency, open this page? */
export function useCanOpen(): (path: string) => boolean {
  const user = useUser();
  const { agencyId } = useAppConfig();
  return useCallback((path: string) => canAccessPath(path, user, agencyId), [user, agencyId]);
}

export interface AllowedLinkProps {
  to: string;
  children: ReactNode;
  /** Shown instead of the link when the page is closed to the user (default: nothing). */
  fallback?: ReactNode;
  title?: string;
}

export function AllowedLink({ to, children, fallback = null, title }: AllowedLinkProps) {
  const canOpen = useCanOpen();
  if (!canOpen(to)) return <>{fallback}</>;
  return (
    <Link to={to} title={title}>
      {children}
    </Link>
  );
}
