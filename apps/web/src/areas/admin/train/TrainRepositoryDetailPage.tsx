// admin/train/repository/detail/{id}/{type}: the repository's schemes; `type` is general, paper or 'all'.
import { Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { SchemeType } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { CreateSchemeButton, SchemeTable } from './SchemeTable';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.repo;

export default function TrainRepositoryDetailPage() {
  const { id = '', type = 'all' } = useParams();
  const navigate = useNavigate();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const repo = useQuery({
    queryKey: ['train-repo', agencyId, id],
    queryFn: () => call(API.trainRepoGet, { params: { id } }),
  });
  if (repo.isPending) return <PageSpinner />;
  if (repo.isError)
    return <ResultPage status="error" title={TRAIN_TEXTS.loadFailed} subTitle={errorText(repo.error)} />;
  const parsed = SchemeType.safeParse(type);
  const r = repo.data;
  return (
    <SchemeTable
      key={r.id}
      trainRepoId={r.id}
      type={parsed.success ? parsed.data : undefined}
      onTypeChange={(t) => void navigate(`/admin/train/repository/detail/${r.id}/${t ?? 'all'}`)}
      title={
        <Space>
          {T.detailTitle(r.name)}
          {!r.owned && <Tag>{T.readOnlyRepo}</Tag>}
        </Space>
      }
      extra={r.owned ? <CreateSchemeButton trainRepoId={r.id} /> : undefined}
    />
  );
}
