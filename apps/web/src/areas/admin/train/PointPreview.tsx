// Live preview of a point: which questions its selectors match inside its phase's subtrees ∩ the scheme's kpRange
// (POST /v1/exam/question/match/selectors), the count and the first few titles. Only auto-judged questions count:
// a general scheme never draws one that needs a teacher (papers are built in PaperBuilderPage).
import { useEffect, useState } from 'react';
import { Alert, Space, Spin, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Selectors } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { TYPE_LABELS } from '../../../components/texts';
import { questionLabel } from './QuestionPicker';
import { totalNumber } from '../../../api/page-total';
import { matchQuestions } from './queries';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.preview;
export const PREVIEW_SIZE = 5;
const DEBOUNCE_MS = 350;

/** The value after it has stopped changing for `ms` (typing in a selector does not fire a call per key). */
export function useDebounced<V>(value: V, ms: number): V {
  const [v, setV] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
    // The JSON key stands for the value: a new but equal object does not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return v;
}

export interface PointPreviewProps {
  selectors: Selectors;
  /** The point's subtrees (phase ∩ kpRange): null = the whole bank, [] = nothing in common. */
  range: string[] | null;
  repeat: number;
}

export function PointPreview(props: PointPreviewProps) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const { selectors, range, repeat } = useDebounced(props, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['match', agencyId, selectors, range],
    queryFn: () => matchQuestions(call, selectors, range ?? [], PREVIEW_SIZE, true),
    enabled: range === null || range.length > 0,
    placeholderData: keepPreviousData,
  });

  if (range !== null && range.length === 0) return <Alert type="warning" showIcon title={T.outOfRange} />;
  if (query.isError) return <Alert type="error" showIcon title={`${T.failed}：${errorText(query.error)}`} />;
  if (!query.data)
    return (
      <Space>
        <Spin size="small" />
        <Typography.Text type="secondary">{T.loading}</Typography.Text>
      </Space>
    );
  const { total, list } = query.data;
  const n = totalNumber(total);
  return (
    <div className="point-preview" aria-live="polite">
      <Space size={8} wrap>
        <Typography.Text strong className="point-preview-count">
          {T.count(total)}
        </Typography.Text>
        {query.isFetching && <Spin size="small" />}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.autoOnly}
        </Typography.Text>
      </Space>
      {n === 0 ? (
        <Alert type="warning" showIcon title={T.none} style={{ marginTop: 6 }} />
      ) : (
        <>
          {n < repeat && <Alert type="info" showIcon title={T.fewer(total, repeat)} style={{ marginTop: 6 }} />}
          <ol style={{ margin: '6px 0 0', paddingLeft: 20 }}>
            {list.map((q) => (
              <li key={q.id}>
                <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                  <Tag style={{ marginInlineEnd: 4 }}>{TYPE_LABELS[q.type]}</Tag>
                  {questionLabel(q)}
                </Typography.Text>
              </li>
            ))}
          </ol>
          {n > list.length && <Typography.Text type="secondary">{T.more(n - list.length)}</Typography.Text>}
        </>
      )}
    </div>
  );
}
