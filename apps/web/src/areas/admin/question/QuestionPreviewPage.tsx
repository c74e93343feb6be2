// question/preview/{id}: the question as a student sees it, answered and judged by POST …/{id}/test;
// the stored answer and explanation for staff in a collapsible panel; 编辑 / 复制为新题; 公开预览 (publication/).
import { Button, Card, Collapse, Space, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { QuestionView } from '../../../components/question/QuestionView';
import { PublicationBadge, PublicationPanel } from './publication/PublicationPanel';
import { QuestionStaffPanel } from './QuestionStaffPanel';
import { useQuestion } from './queries';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

const T = QUESTION_TEXTS.preview;

export default function QuestionPreviewPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const navigate = useNavigate();
  const query = useQuestion(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return <ResultPage status="error" title={QUESTION_TEXTS.form.loadFailed} subTitle={errorText(query.error)} />;
  }
  const q = query.data;
  return (
    <Card
      title={
        <Space>
          {T.title}
          <Tag color="blue">{TYPE_LABELS[q.type]}</Tag>
          <Tag>{T.meta(q.version)}</Tag>
          <PublicationBadge id={q.id} />
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => void navigate(`/admin/question/edit/${q.id}`)}>{T.edit}</Button>
          <Button onClick={() => void navigate(`/admin/question/create/${q.type}/${q.id}`)}>{T.copy}</Button>
        </Space>
      }
    >
      <PublicationPanel question={q} />
      <QuestionView
        key={`${q.id}/${q.version}`}
        question={q}
        judge={(request) => call(API.questionTest, { params: { id: q.id }, body: { request } })}
      />
      <Collapse
        style={{ marginTop: 24 }}
        items={[{ key: 'staff', label: T.staffPanel, children: <QuestionStaffPanel q={q} /> }]}
      />
    </Card>
  );
}
