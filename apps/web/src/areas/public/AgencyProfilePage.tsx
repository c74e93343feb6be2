// Public agency profile (/public/agency/{agencyId}/profiles): name, logo and profile text.
import { Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { API } from '../../api/routes';
import { useCall } from '../../app/session-context';
import { PageSpinner } from '../../components/PageSpinner';
import { ResultPage } from '../../components/ResultPage';
import { errorText, isEnvelopeError } from '../../api/client';
import { PUBLIC_TEXTS } from './texts';
import { TeacherProfilesList } from './TeacherProfilesList';

const T = PUBLIC_TEXTS.agency;

export default function AgencyProfilePage() {
  const { agencyId = '' } = useParams();
  const call = useCall();
  const q = useQuery({
    queryKey: ['public-agency', agencyId],
    queryFn: () => call(API.publicAgency, { params: { agencyId } }),
    retry: false,
  });
  if (q.isPending) return <PageSpinner />;
  if (q.isError) {
    return isEnvelopeError(q.error, 404) || isEnvelopeError(q.error, 400) ? (
      <ResultPage status={404} title={T.notFound} />
    ) : (
      <ResultPage status="error" title={errorText(q.error)} />
    );
  }
  const agency = q.data;
  return (
    <>
      <Card>
        <Space align="center" size="large" style={{ marginBottom: 16 }}>
          {agency.logo && (
            <img
              src={`/v1/files/${encodeURIComponent(agency.logo)}`}
              alt={agency.name}
              style={{ height: 64, maxWidth: 160, objectFit: 'contain' }}
            />
          )}
          <Typography.Title level={2} style={{ margin: 0 }}>
            {agency.name}
          </Typography.Title>
        </Space>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{agency.profile || T.noProfile}</Typography.Paragraph>
      </Card>
      <TeacherProfilesList agencyId={agency.id} />
    </>
  );
}
