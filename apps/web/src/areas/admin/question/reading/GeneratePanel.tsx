// 生成子题 on a saved enReading question (docs/web.md "AI reading"): count and types, PUT /v1/reading/generate
// starts a job polled while it runs (a progress bar), then the pending sub-questions are reviewed below. A failed
// job shows its message and that the question is unchanged; the provider used is named.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, InputNumber, Progress, Space, Tag, Typography } from 'antd';
import {
  GENERATED_SUB_TYPES,
  READING_GENERATE_MAX,
  type GeneratedSubType,
  type Question,
  type ReadingLevelValue,
} from '@edu/contract';
import { errorText } from '../../../../api/client';
import { jobRunning, useGenerationJob, useStartGeneration } from '../../../../api/reading';
import { LevelSelect } from './LevelSelect';
import { ReviewList } from './ReviewList';
import { useQuestion } from '../queries';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS.generate;

export interface GeneratePanelProps {
  questionId: string;
  /** The editor holds unsaved changes: generating or reviewing would reload the question over them. */
  dirty: boolean;
  onSaved?: (q: Question) => void;
}

export function GeneratePanel({ questionId, dirty, onSaved }: GeneratePanelProps) {
  const question = useQuestion(questionId);
  const [level, setLevel] = useState<ReadingLevelValue>('senior');
  const [count, setCount] = useState<number | null>(5);
  const [types, setTypes] = useState<GeneratedSubType[]>([...GENERATED_SUB_TYPES]);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartGeneration(setJobId);
  const job = useGenerationJob(jobId, questionId);
  const running = start.isPending || jobRunning(job.data) || (jobId !== null && job.isPending);

  function generate() {
    if (count === null || !Number.isInteger(count) || count < 1 || count > READING_GENERATE_MAX)
      return setProblem(T.countInvalid(READING_GENERATE_MAX));
    if (types.length === 0) return setProblem(T.typesEmpty);
    setProblem(null);
    start.mutate({ questionId, level, count, types });
  }

  const j = job.data;
  const percent = j && j.total > 0 ? Math.round((j.processed / j.total) * 100) : j?.status === 'done' ? 100 : 0;
  return (
    <Card size="small" title={T.title} className="reading-generate-panel" style={{ marginTop: 24 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Space wrap align="end">
          <LevelSelect value={level} onChange={setLevel} />
          <label>
            <div>{T.count}</div>
            <InputNumber
              aria-label={T.count}
              min={1}
              max={READING_GENERATE_MAX}
              precision={0}
              value={count}
              onChange={(v) => setCount(v)}
            />
          </label>
        </Space>
        <div>
          <div>{T.types}</div>
          <Checkbox.Group
            aria-label={T.types}
            value={types}
            onChange={(v) => setTypes(v)}
            options={GENERATED_SUB_TYPES.map((t) => ({ value: t, label: T.typeLabels[t] }))}
          />
        </div>
        {problem && <Alert type="warning" showIcon title={problem} />}
        {dirty && <Alert type="info" showIcon title={T.saveFirst} />}
        <div>
          <Button type="primary" onClick={generate} loading={running} disabled={dirty}>
            {T.run}
          </Button>
        </div>
        {jobId !== null && job.isError && (
          <Alert type="error" showIcon title={T.pollFailed} description={errorText(job.error)} />
        )}
        {j && (
          <div aria-live="polite">
            <Space wrap style={{ marginBottom: 4 }}>
              <Typography.Text>{T.progress}</Typography.Text>
              <Tag color={j.status === 'failed' ? 'red' : j.status === 'done' ? 'green' : 'blue'}>
                {T.status[j.status]}
              </Tag>
              <Typography.Text type="secondary">
                {T.providerLabel}：{T.provider[j.provider]}
              </Typography.Text>
            </Space>
            <Progress
              percent={percent}
              status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'}
              format={() => `${j.processed}/${j.total}`}
            />
            {j.status === 'failed' && (
              <Alert type="error" showIcon title={j.message ?? T.status.failed} description={T.failedUnchanged} />
            )}
            {j.status === 'done' && <Alert type="success" showIcon title={T.done(j.added.length)} />}
          </div>
        )}
        {question.data && <ReviewList question={question.data} disabled={dirty || running} onSaved={onSaved} />}
      </Space>
    </Card>
  );
}
