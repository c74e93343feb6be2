// The student home's summary (docs/student-home.md): its one read, a skeleton while it runs, the server's message
// with 重新加载 when it fails, else the cards; the failure's alert is a chunk of its own (docs/performance.md
// "Bundle").
import { lazy, Suspense } from 'react';
import { HomeCards, HomeSkeleton } from './HomeCards';
import { useStudentHome } from './queries';

// The failure's alert is loaded only when a read fails.
const HomeLoadFailed = lazy(() => import('./HomeLoadFailed'));

export default function HomeSummary() {
  const home = useStudentHome();
  if (home.isPending) return <HomeSkeleton />;
  if (home.isError)
    return (
      <Suspense fallback={null}>
        <HomeLoadFailed error={home.error} retry={() => void home.refetch()} />
      </Suspense>
    );
  return <HomeCards home={home.data} receivedAt={home.dataUpdatedAt} />;
}
