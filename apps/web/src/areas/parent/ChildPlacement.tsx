// A child's placement results in the current agency (docs/lessons.md "Placement test"), under their history: per grade
// the latest test with its level and recommended tutoring class, as the child reads them. Nothing when there is none.
import { Alert, Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../api/routes';
import { errorText, isEnvelopeError } from '../../api/client';
import { useAppConfig, useCall } from '../../app/session-context';
import { PlacementResultList } from '../../components/placement/PlacementResultList';
import { PLACEMENT_TEXTS as T } from '../../components/placement/texts';

export function ChildPlacement({ childId }: { childId: string }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const query = useQuery({
    queryKey: ['parent', 'placement', agencyId, childId],
    queryFn: () => call(API.parentChildPlacement, { params: { id: childId } }),
  });
  // A child out of reach (404) is the history's to say; other failures are said here.
  if (query.isError && !isEnvelopeError(query.error, 404))
    return (
      <Card title={T.resultsTitle}>
        <Alert type="error" showIcon title={T.loadFailed} description={errorText(query.error)} />
      </Card>
    );
  if (!query.data?.length) return null;
  return (
    <Card title={T.resultsTitle}>
      <PlacementResultList
        results={query.data}
        reportPath={(trainId) => `/parent/train/report/${trainId}/${childId}/1`}
      />
    </Card>
  );
}
