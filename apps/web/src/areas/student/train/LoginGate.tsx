// The training pages are open to visitors (everything under /student/ is, docs/domain.md "Agencies, users, roles"): they ask them to log in.
import type { ReactNode } from 'react';
import { useUser } from '../../../app/session-context';
import { VisitorNotice } from '../../../components/VisitorNotice';
import { TRAIN_TEXTS as T } from '../../../components/training/texts';

export function LoginGate({ children }: { children: ReactNode }) {
  const user = useUser();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  return children;
}
