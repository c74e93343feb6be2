// train/question/{id}/preview: a question read-only, for every role of the statistics pages (GET
// /v1/exam/question/{id}, which agency staff may read): the question as the student saw it, its standard answer
// and explanation. No editing, no test answering, no publication: those stay with the question bank
// (/admin/question/…), which a teacher may not open (docs/web.md "Routing and access").
import { Button, Card, Space, Tag } from 'antd';
import { useParams } from 'react-router';
import { errorText } from '../../../api/client';
import { AllowedLink } from '../../../components/AllowedLink';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { AnswerForm, EMPTY_SUBMISSION } from '../../../components/question/AnswerForm';
import { QuestionStaffPanel } from '../question/QuestionStaffPanel';
import { useQuestion } from '../question/queries';
import { QUESTION_TEXTS, TYPE_LABELS } from '../question/texts';
import { STATS_TEXTS } from './texts';

const T = STATS_TEXTS.questionPreview;

export default function QuestionReadPage() {
  const { id = '' } = useParams();
  const query = useQuestion(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(query.error)} />;
  const q = query.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            {T.title}
            <Tag color="blue">{TYPE_LABELS[q.type]}</Tag>
            <Tag>{QUESTION_TEXTS.preview.meta(q.version)}</Tag>
          </Space>
        }
        extra={
          <Space>
            {/* The bank's own page for those who may open it (agency admins, question admins). */}
            <AllowedLink to={`/admin/question/preview/${q.id}`}>{T.inBank}</AllowedLink>
            <Button onClick={() => window.history.back()}>{T.back}</Button>
          </Space>
        }
      >
        <AnswerForm question={q} value={EMPTY_SUBMISSION} onChange={() => undefined} disabled />
      </Card>
      <Card title={T.staff}>
        <QuestionStaffPanel q={q} />
      </Card>
    </Space>
  );
}
