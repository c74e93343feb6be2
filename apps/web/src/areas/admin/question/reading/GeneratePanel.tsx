// 生成子题 on a saved enReading question (docs/web.md "AI reading"): count and types, PUT /v1/reading/generate
// starts a job followed with `useJob` while it runs (`JobProgress`), then the pending sub-questions are reviewed below. A failed
// job shows its message and that the question is unchanged; the provider used is named. On the create page
// (`draft`) the job runs on the editor's unsaved article and its items join the draft's sub-questions, reviewed
// there and saved with the question (docs/reading.md "Authoring in one flow").
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, InputNumber, Space, Tag, Typography } from 'antd';
import {
  GENERATED_SUB_TYPES,
  READING_GENERATE_MAX,
  type GeneratedSubType,
  type Question,
  type QuestionSub,
  type ReadingLevelValue,
  type ReadingSubAction,
} from '@edu/contract';
import { errorText } from '../../../../api/client';
import { useGenerationJob, useStartGeneration } from './queries';
import { JobProgress } from '../../../../components/JobProgress';
import { articleToSend } from './FormatPanel';
import { LevelSelect } from './LevelSelect';
import { ReviewList } from './ReviewList';
import { useQuestion } from '../queries';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS.generate;

/** The create page's unsaved question: its article and sub-questions, changed through these callbacks. */
export interface DraftGeneration {
  /** The editor's article (HTML). */
  article: string;
  /** The draft's sub-questions that have an id (the generated ones); the pending ones are reviewed here. */
  subs: QuestionSub[];
  /** How many more sub-questions the draft may hold. */
  room: number;
  /** A finished job's items, to add to the draft as pending sub-questions. */
  onGenerated: (items: QuestionSub[]) => void;
  /** 采用 / 编辑 / 删除 on the draft: a problem to show, or null. */
  onAction: (questionSubId: string, action: ReadingSubAction) => string | null;
}

export type GeneratePanelProps =
  | {
      questionId: string;
      /** The editor holds unsaved changes: generating or reviewing would reload the question over them. */
      dirty: boolean;
      onSaved?: (q: Question) => void;
      draft?: undefined;
    }
  | { draft: DraftGeneration; questionId?: undefined; dirty?: undefined; onSaved?: undefined };

export function GeneratePanel({ questionId, dirty = false, onSaved, draft }: GeneratePanelProps) {
  const question = useQuestion(questionId);
  const [level, setLevel] = useState<ReadingLevelValue>('senior');
  const [count, setCount] = useState<number | null>(5);
  const [types, setTypes] = useState<GeneratedSubType[]>([...GENERATED_SUB_TYPES]);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartGeneration(setJobId);
  const job = useGenerationJob(jobId, questionId ?? null);
  const running = start.isPending || job.running;

  // A finished job of the create page hands its items to the draft, once.
  const delivered = useRef(new Set<string>());
  const onGenerated = draft?.onGenerated;
  useEffect(() => {
    const j = job.data;
    if (!onGenerated || !j || j.status !== 'done' || delivered.current.has(j.jobId)) return;
    delivered.current.add(j.jobId);
    onGenerated(j.items ?? []);
  }, [job.data, onGenerated]);

  function generate() {
    if (count === null || !Number.isInteger(count) || count < 1 || count > READING_GENERATE_MAX)
      return setProblem(T.countInvalid(READING_GENERATE_MAX));
    if (types.length === 0) return setProblem(T.typesEmpty);
    if (!draft) {
      setProblem(null);
      return start.mutate({ questionId, level, count, types });
    }
    const toSend = articleToSend(draft.article);
    if ('error' in toSend) return setProblem(toSend.error);
    if (draft.room <= 0) return setProblem(T.draftFull);
    setProblem(null);
    start.mutate({ article: toSend.article, level, count: Math.min(count, draft.room), types });
  }

  const j = job.data;
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
        {draft && <Typography.Text type="secondary">{T.draftHint}</Typography.Text>}
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
          <div>
            <JobProgress
              job={j}
              label={
                <Space wrap style={{ marginBottom: 4 }}>
                  <Typography.Text>{T.progress}</Typography.Text>
                  <Tag color={j.status === 'failed' ? 'red' : j.status === 'done' ? 'green' : 'blue'}>
                    {T.status[j.status]}
                  </Tag>
                  <Typography.Text type="secondary">
                    {T.providerLabel}：{T.provider[j.provider]}
                  </Typography.Text>
                </Space>
              }
              text={() => `${j.processed}/${j.total}`}
            />
            {j.status === 'failed' && (
              <Alert type="error" showIcon title={j.message ?? T.status.failed} description={T.failedUnchanged} />
            )}
            {j.status === 'done' && (
              <Alert type="success" showIcon title={draft ? T.draftDone(j.added.length) : T.done(j.added.length)} />
            )}
          </div>
        )}
        {draft ? (
          <ReviewList
            question={{ id: '', questionSub: draft.subs }}
            disabled={running}
            onLocalAction={draft.onAction}
          />
        ) : (
          question.data && <ReviewList question={question.data} disabled={dirty || running} onSaved={onSaved} />
        )}
      </Space>
    </Card>
  );
}
