// A question published for public preview (/public/question/preview?id=…): read without answer and explanation
// from GET /v1/public/question/{id}, answered by anyone (visitor or any role) and judged by the server's
// POST …/{id}/test, whose result shows the standard answer and explanation. Not published → an empty state.
import { Alert, Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type QuestionTestRequest } from '@edu/contract';
import { API } from '../../api/routes';
import { errorText, isEnvelopeError } from '../../api/client';
import { useCall } from '../../app/session-context';
import { PageSpinner } from '../../components/PageSpinner';
import { ResultPage } from '../../components/ResultPage';
import { QuestionView } from '../../components/question/QuestionView';
import { PUBLIC_PREVIEW_TEXTS as T } from './texts';

/** A 404 (and the 400 of an id no question can have) means the same to a visitor: nothing public here. */
const notPublic = (e: unknown) => isEnvelopeError(e, 404) || isEnvelopeError(e, 400);

export function PublishedQuestionPreview({ id }: { id: string }) {
  const call = useCall();
  const query = useQuery({
    queryKey: ['public-question', id],
    queryFn: () => call(API.publicQuestion, { params: { id } }),
    retry: false,
  });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return notPublic(query.error) ? (
      <ResultPage status="info" title={T.notPublicTitle} subTitle={T.notPublicBody} />
    ) : (
      <ResultPage status="error" title={T.loadFailed} subTitle={errorText(query.error)} />
    );
  }
  const q = query.data;

  async function judge(request: QuestionTestRequest) {
    try {
      return await call(API.questionTest, { params: { id }, body: { request } });
    } catch (e) {
      // Withdrawn meanwhile (401 for a visitor, 404 for a user): read again, which shows the empty state.
      if (isEnvelopeError(e, 401) || isEnvelopeError(e, 404)) void query.refetch();
      throw e;
    }
  }

  return (
    <Card title={T.title} style={{ maxWidth: 960, margin: '24px auto' }}>
      <Alert type="info" showIcon title={T.publishedNote} style={{ marginBottom: 16 }} />
      <QuestionView key={`${q.id}/${q.version}`} question={q} judge={judge} />
    </Card>
  );
}
