// Marking one training's answers (docs/marking.md "Pages"): one answer at a time with the question, the
// reference answer and the student's answer; a score out of the question's mark (12 / 15), a comment and annotations on
// ranges of the answer's text. The answer shown is claimed for 30 minutes (another marker's claim is shown and
// saving is off). Keyboard: J or ↓ next, K or ↑ previous, Enter saves (Ctrl+Enter inside the comment).
// The state is `useMarkingSession`, the keys `useMarkingKeys`; the parts of the answer's card are their own components.
import { Alert, Button, Card, Input, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { cstMinutes } from '@edu/contract';
import { errorText } from '../../api/client';
import { PageSpinner } from '../PageSpinner';
import { ResultPage } from '../ResultPage';
import { AnswerAnnotator } from './AnswerAnnotator';
import { MarkingSummaryCard } from './MarkingSummaryCard';
import { QuestionShown } from './QuestionShown';
import { ScoreInput } from './ScoreInput';
import { SubQuestionMarks } from './SubQuestionMarks';
import { MARKING_TEXTS } from './texts';
import { useMarkingKeys } from './use-marking-keys';
import { useMarkingSession } from './use-marking-session';

const T = MARKING_TEXTS.bench;

export interface MarkingWorkbenchProps {
  taskId: string;
  trainId: string;
  backPath: string;
}

export function MarkingWorkbench({ taskId, trainId, backPath }: MarkingWorkbenchProps) {
  const { training, items, index, item, draft, claimError, formError, locked, saving, setDraft, go, save } =
    useMarkingSession(taskId, trainId);
  useMarkingKeys(go, save);

  if (training.isPending) return <PageSpinner />;
  if (training.isError)
    return (
      <ResultPage
        status="error"
        title={T.notFound}
        subTitle={errorText(training.error)}
        extra={<Link to={backPath}>{T.back}</Link>}
      />
    );
  if (!item || !draft)
    return <ResultPage status="info" title={T.notFound} extra={<Link to={backPath}>{T.back}</Link>} />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="marking-bench">
      <MarkingSummaryCard training={training.data} index={index} count={items.length} backPath={backPath} go={go} />

      <Card
        title={
          <Space wrap>
            <span data-testid="marking-position">{T.progress(index + 1, items.length)}</span>
            {item.mark ? (
              <Tag color="green">{T.marked(item.mark.marker, item.mark.score, item.maxScore)}</Tag>
            ) : (
              <Tag color="gold">{T.pending}</Tag>
            )}
          </Space>
        }
        extra={cstMinutes(item.createTime)}
      >
        {claimError && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={T.claimFailed} description={claimError} />
        )}
        <QuestionShown item={item} />

        {item.type === 'enReading' ? (
          <SubQuestionMarks
            subQuestions={item.subQuestions}
            marks={draft.subMarks}
            onChange={(subMarks) => setDraft({ subMarks })}
          />
        ) : (
          <>
            <AnswerAnnotator
              text={item.text}
              annotations={draft.annotations}
              onChange={(annotations) => setDraft({ annotations })}
            />
            <ScoreInput maxScore={item.maxScore} score={draft.score} onChange={(score) => setDraft({ score })} />
          </>
        )}

        <Typography.Title level={5}>{T.comment}</Typography.Title>
        <Input.TextArea
          aria-label={T.comment}
          placeholder={T.commentPlaceholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          value={draft.comment}
          onChange={(e) => setDraft({ comment: e.target.value })}
        />
        {formError && <Alert type="error" showIcon title={formError} style={{ marginTop: 12 }} />}
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={locked}>
            {T.save}
          </Button>
        </Space>
        {item.history.length > 0 && (
          <List
            size="small"
            style={{ marginTop: 16 }}
            header={T.history}
            dataSource={item.history}
            renderItem={(h) => (
              <List.Item>
                {T.historyRow(h.marker, h.oldScore, h.newScore)} · {cstMinutes(h.markedAt)}
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
