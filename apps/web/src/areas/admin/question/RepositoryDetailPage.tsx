// admin/question/repository/detail/{id}/{type}: the repository's questions; `type` is a question type or 'all'.
import { Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { QuestionType } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { QuestionBrowser } from './QuestionBrowser';
import { CreateQuestionButton } from './QuestionListPage';
import { ExportButton } from './transfer/ExportButton';
import { ImportButton } from './transfer/ImportButton';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.repo;

export default function RepositoryDetailPage() {
  const { id = '', type = 'all' } = useParams();
  const navigate = useNavigate();
  const call = useCall();
  const repo = useQuery({ queryKey: ['repo', id], queryFn: () => call(API.repoGet, { params: { id } }) });
  if (repo.isPending) return <PageSpinner />;
  if (repo.isError)
    return <ResultPage status="error" title={QUESTION_TEXTS.loadFailed} subTitle={errorText(repo.error)} />;
  const parsed = QuestionType.safeParse(type);
  const r = repo.data;
  return (
    <QuestionBrowser
      key={r.id}
      repoId={r.id}
      readOnly={!r.owned}
      type={parsed.success ? parsed.data : undefined}
      onTypeChange={(t) => void navigate(`/admin/question/repository/detail/${r.id}/${t ?? 'all'}`)}
      title={
        <Space>
          {T.detailTitle(r.name)}
          {!r.owned && <Tag>{T.readOnlyRepo}</Tag>}
        </Space>
      }
      extra={
        <Space>
          {r.owned && <ImportButton repoId={r.id} />}
          <ExportButton repoId={r.id} initial={{ type: parsed.success ? parsed.data : undefined }} />
          {r.owned && <CreateQuestionButton repoId={r.id} />}
        </Space>
      }
    />
  );
}
