// The notice bell for a layout without AreaHeader (the admin's; AreaHeader has its own lazy import, so that the
// student's first load gains no chunk): the bell and its drawer are chunks of their own (docs/notices.md "The bell").
import { lazy, Suspense } from 'react';

const NoticeBell = lazy(() => import('./NoticeBell').then((m) => ({ default: m.NoticeBell })));

export function NoticeBellSlot() {
  return (
    <Suspense fallback={null}>
      <NoticeBell />
    </Suspense>
  );
}
