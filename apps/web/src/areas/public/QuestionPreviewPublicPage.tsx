// /public/question/preview: shows the question handed over by the editor's 预览 button (this browser's
// localStorage) and judges answers locally with the contract's judge; without one, an explanatory empty state.
import { useState } from 'react';
import { Alert, Card } from 'antd';
import { judgeQuestion } from '@edu/contract';
import { readPreview } from '../../components/question/preview-store';
import { QuestionView } from '../../components/question/QuestionView';
import { ResultPage } from '../../components/ResultPage';
import { PUBLIC_PREVIEW_TEXTS as T } from './texts';

export default function QuestionPreviewPublicPage() {
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
