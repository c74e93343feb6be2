// The wrong-book, record and mastery pages are open to visitors (everything under /student/ is): they ask
// them to log in, in the page's own words.
import type { ReactNode } from 'react';
import { useUser } from '../../../app/session-context';
import { VisitorNotice } from '../../../components/VisitorNotice';

export function Gate({ text, action, children }: { text: string; action: string; children: ReactNode }) {
  const user = useUser();
  if (!user) return <VisitorNotice text={text} action={action} />;
  return children;
}
