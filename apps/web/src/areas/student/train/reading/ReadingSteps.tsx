// A reading question inside a general training, answered step by step (docs/reading.md "Answering steps";
// docs/product.md §4 step flow): the article, the current sub-question with 提交, its feedback (right/wrong, the
// supporting sentence highlighted in the article, the glossary of its words), the growing history, then the next
// sub-question. The process is the server's (GET …/process), so a reload resumes at the same step; after the last
// step the answer is submitted by the server and 继续训练 reads the training again.
import { useEffect, useRef, useState } from 'react';
import { Alert, App as AntApp, Button, Card, List, Space, Spin, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ReadingStepHistoryItem, StudentQuestion, StudentQuestionSub } from '@edu/contract';
import { errorText, isEnvelopeError } from '../../../../api/client';
import { useAppConfig } from '../../../../app/session-context';
import { AnswerInput } from '../../../../components/question/AnswerInput';
import { blankCount } from '../../../../components/question/AnswerForm';
import { answerText } from '../../../../components/question/AnswerText';
import { RichText } from '../../../../components/rich-text/RichText';
import { TYPE_LABELS } from '../../../../components/texts';
import { TRAIN_TEXTS } from '../../../../components/training/texts';
import { useFinishTraining, type TrainingPartProps } from '../../../../components/training/training-part';
import { readingStepKeys, useReadingProcess, useReadingStep } from './queries';
import { READING_STEP_TEXTS as T } from './texts';
import './reading-steps.css';

const D = TRAIN_TEXTS.doing;

export interface ReadingStepsProps extends TrainingPartProps {
  question: StudentQuestion;
}

/** The article with one sentence (by its `span.word` id) highlighted and scrolled into view. */
function Article({ html, evidenceId }: { html: string; evidenceId: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.querySelectorAll('.reading-evidence').forEach((el) => el.classList.remove('reading-evidence'));
    if (!evidenceId) return;
    const el = Array.from(root.querySelectorAll('[id]')).find((e) => e.id === evidenceId);
    el?.classList.add('reading-evidence');
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [html, evidenceId]);
  return (
    <div ref={ref} className="reading-article" aria-label={T.article} role="region">
      <RichText html={html} />
    </div>
  );
}

function Verdict({ item }: { item: ReadingStepHistoryItem }) {
  if (item.isCorrect === null) return <Tag color="gold">{T.pending}</Tag>;
  return item.isCorrect ? <Tag color="success">{T.right}</Tag> : <Tag color="error">{T.wrong}</Tag>;
}

function HistoryItem({ item, onShow }: { item: ReadingStepHistoryItem; onShow: (id: string) => void }) {
  return (
    <List.Item>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Verdict item={item} />
          <Tag>{TYPE_LABELS[item.type]}</Tag>
          <RichText inline html={item.title} />
        </Space>
        <Typography.Text>
          {T.yourAnswer}
          {answerText(item.type, item.answer, false)}
          {item.similarity !== undefined && ` （${T.similarity(item.similarity)}）`}
        </Typography.Text>
        {item.standardAnswer.length > 0 && (
          <Typography.Text type="secondary">
            {T.standardAnswer}
            {answerText(item.type, item.standardAnswer)}
          </Typography.Text>
        )}
        <Typography.Text>{item.feedback.text}</Typography.Text>
        {item.explanation && (
          <div>
            <Typography.Text type="secondary">{T.explanation}</Typography.Text>
            <RichText html={item.explanation} />
          </div>
        )}
        {item.feedback.glossary.length > 0 && (
          <div className="reading-glossary" aria-label={T.glossary}>
            <Typography.Text type="secondary">{T.glossary}：</Typography.Text>
            {item.feedback.glossary.map((g) => (
              <Tag key={g.word}>
                {g.word}：{g.gloss}
              </Tag>
            ))}
          </div>
        )}
        {item.feedback.evidenceSentenceId && (
          <Button size="small" type="link" onClick={() => onShow(item.feedback.evidenceSentenceId!)}>
            {T.showEvidence}
          </Button>
        )}
      </Space>
    </List.Item>
  );
}

function CurrentSub({
  sub,
  index,
  total,
  busy,
  onSubmit,
}: {
  sub: StudentQuestionSub;
  index: number;
  total: number;
  busy: boolean;
  onSubmit: (answer: string[]) => void;
}) {
  const [value, setValue] = useState<string[]>([]);
  const empty = value.every((v) => v.trim() === '');
  return (
    <Card size="small" title={T.step(index, total)} extra={<Tag color="blue">{TYPE_LABELS[sub.type]}</Tag>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <RichText html={sub.title} />
        {sub.desc && <RichText html={sub.desc} />}
        <AnswerInput
          type={sub.type}
          options={sub.options}
          blanks={blankCount(sub.title)}
          value={value}
          onChange={setValue}
          disabled={busy}
          label={T.step(index, total)}
        />
        <Button type="primary" loading={busy} disabled={empty} onClick={() => onSubmit(value)}>
          {D.submit}
        </Button>
      </Space>
    </Card>
  );
}

export function ReadingSteps({ training, question, onTraining, onStale }: ReadingStepsProps) {
  const { modal } = AntApp.useApp();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const query = useReadingProcess(training.trainId, question.id);
  const step = useReadingStep(training.trainId, question.id);
  const [shownEvidence, setShownEvidence] = useState<string | null>(null);
  const finishing = useFinishTraining(training, onTraining);
  const key = readingStepKeys.process(agencyId, training.trainId, question.id);

  const finish = () =>
    void modal.confirm({
      title: D.finishTitle,
      content: D.finishBody,
      okText: D.finishOk,
      cancelText: D.cancel,
      onOk: () => finishing.run(),
    });

  const header = (
    <Card
      className="training-question"
      title={<Tag color="blue">{TYPE_LABELS.enReading}</Tag>}
      extra={
        training.status === 'running' && (
          <Button danger onClick={finish}>
            {D.finish}
          </Button>
        )
      }
    />
  );
  if (query.isPending || (!query.isError && !query.data))
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {header}
        <Spin />
      </Space>
    );
  if (query.isError && !query.data)
    return (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        description={errorText(query.error)}
        action={
          <Button size="small" onClick={() => (isEnvelopeError(query.error, 404) ? onStale() : void query.refetch())}>
            {TRAIN_TEXTS.reload}
          </Button>
        }
      />
    );
  const p = query.data;
  const last = p.historyQuestionSub[p.historyQuestionSub.length - 1];
  const evidence = shownEvidence ?? last?.feedback.evidenceSentenceId ?? null;
  const index = p.historyQuestionSub.length + 1;

  const submit = (answer: string[]) => {
    if (!p.questionSubId) return;
    setShownEvidence(null);
    step.mutate(
      { processId: p.processId, questionSubId: p.questionSubId, answer },
      {
        // 409: the process moved on elsewhere (another tab) or the training ended: read both again.
        onError: (e) => {
          if (isEnvelopeError(e, 409) || isEnvelopeError(e, 404)) {
            void queryClient.invalidateQueries({ queryKey: key });
            onStale();
          }
        },
      },
    );
  };

  const next = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    onStale();
  };

  return (
    <Card
      className="training-question reading-steps"
      title={<Tag color="blue">{TYPE_LABELS.enReading}</Tag>}
      extra={
        training.status === 'running' && (
          <Button danger onClick={finish}>
            {D.finish}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {p.question.title && <Typography.Title level={5}>{p.question.title}</Typography.Title>}
        <Article html={p.question.question} evidenceId={evidence} />
        {evidence && <Typography.Text type="secondary">{T.evidenceShown}</Typography.Text>}
        {step.isError && <Alert type="error" showIcon title={errorText(step.error)} />}
        {p.historyQuestionSub.length > 0 && (
          <List
            className="reading-step-history"
            header={T.history}
            size="small"
            bordered
            dataSource={p.historyQuestionSub}
            renderItem={(item) => <HistoryItem item={item} onShow={setShownEvidence} />}
          />
        )}
        {p.questionSub ? (
          <CurrentSub
            key={p.questionSub.questionSubId}
            sub={p.questionSub}
            index={index}
            total={p.total}
            busy={step.isPending}
            onSubmit={submit}
          />
        ) : p.total === 0 && p.recordId === null ? (
          <Alert type="info" showIcon title={T.empty} />
        ) : (
          <Alert
            type={p.recordId ? 'success' : 'warning'}
            showIcon
            title={p.recordId ? T.finished : T.submitting}
            action={
              <Button type="primary" onClick={() => void next()}>
                {T.continue}
              </Button>
            }
          />
        )}
      </Space>
    </Card>
  );
}
