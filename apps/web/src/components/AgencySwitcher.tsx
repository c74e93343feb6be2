// Agency switcher: shown when the agency is not fixed by the host name and the user has more than one agency.
// The select itself loads on demand (AgencySelect.tsx): it is not part of a single-agency user's first load.
import { lazy, Suspense } from 'react';
import { useSession, useUser } from '../app/session-context';

const AgencySelect = lazy(() => import('./AgencySelect').then((m) => ({ default: m.AgencySelect })));

export function AgencySwitcher() {
  const { agencyFixed } = useSession();
  const agencies = useUser()?.agencies ?? [];
  if (agencyFixed || agencies.length <= 1) return null;
  return (
    <Suspense fallback={null}>
      <AgencySelect agencies={agencies} />
    </Suspense>
  );
}
