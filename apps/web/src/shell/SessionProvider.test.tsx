import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SessionProvider } from './SessionProvider';
import { useSession } from '../app/session-context';
import type { Session } from '../app/startup';

describe('SessionProvider', () => {
  it('shows a full-page spinner until start-up finishes, then the app', async () => {
    let finish!: (s: Session) => void;
    const start = () => new Promise<Session>((r) => (finish = r));
    function Child() {
      return <p>agency {useSession().agencyFixed ? 'fixed' : 'free'}</p>;
    }
    render(
      <SessionProvider start={start}>
        <Child />
      </SessionProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText(/agency/)).toBeNull();
    await act(async () => finish({ agencyFixed: true } as Session));
    expect(screen.getByText('agency fixed')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
