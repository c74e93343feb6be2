// /public/question/preview: with `?id=` a question published for public preview, which anyone answers and the
// server judges (PublishedQuestionPreview); without it, the question handed over by the editor's 预览 button
// (this browser's localStorage), judged locally with the contract's judge, or an explanatory empty state.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card } from 'antd';
import { judgeQuestion } from '@edu/contract';
import { readPreview } from '../../components/question/preview-store';
import { QuestionView } from '../../components/question/QuestionView';
import { ResultPage } from '../../components/ResultPage';
import { PublishedQuestionPreview } from './PublishedQuestionPreview';
import { PUBLIC_PREVIEW_TEXTS as T } from './texts';

export default function QuestionPreviewPublicPage() {
  const [search] = useSearchParams();
  const id = search.get('id');
  return id ? <PublishedQuestionPreview key={id} id={id} /> : <LocalQuestionPreview />;
}

function LocalQuestionPreview() {
  const [question] = useState(() => readPreview());
  if (!question) return <ResultPage status="info" title={T.emptyTitle} subTitle={T.emptyBody} />;
  return (
    <Card title={T.title} style={{ maxWidth: 960, margin: '24px auto' }}>
      <Alert type="info" showIcon title={T.localNote} style={{ marginBottom: 16 }} />
      <QuestionView
        question={question}
        judge={async (submission) =>
          judgeQuestion(
            {
              type: question.type,
              judgeType: question.judgeType,
              answer: question.answer ?? [],
              explanation: question.explanation,
              questionSub: question.questionSub.map((s) => ({ ...s, answer: s.answer ?? [] })),
            },
            submission,
          )
        }
      />
    </Card>
  );
}
