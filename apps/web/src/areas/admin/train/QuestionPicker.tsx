// Browsing the question bank to pick questions (a paper's, a point's fixed list): the question list's filters and
// excerpts, with 加入 instead of the row actions.
import { useState } from 'react';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, QUESTION_TYPES, type Question, type QuestionType } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { TYPE_LABELS } from '../../../components/texts';
import { useRepos, useTags } from '../question/queries';
import { excerptParts, excerptText, StemExcerpt } from '../question/StemExcerpt';
import { KpTreePicker } from '../question/transfer/KpTreePicker';
import { totalNumber } from './queries';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.picker;
const PAGE_SIZE = 10;

export interface QuestionPickerProps {
  /** Ids already chosen: their rows say 已加入. */
  chosen: ReadonlySet<string>;
  onAdd: (q: Question) => void;
  /** Read-only: no 加入 buttons. */
  disabled?: boolean;
}

export const questionLabel = (q: Question) => excerptText(excerptParts(q)) || T.untitled;

export function QuestionPicker({ chosen, onAdd, disabled }: QuestionPickerProps) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const repos = useRepos();
  const tags = useTags();
  const [kp, setKp] = useState<string | undefined>();
  const [type, setType] = useState<QuestionType | undefined>();
  const [repo, setRepo] = useState<string | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['questions', agencyId, 'picker', repo, type, tag, keyword, kp, page],
    queryFn: () =>
      call(API.questionList, {
        query: {
          start: (page - 1) * PAGE_SIZE,
          size: PAGE_SIZE,
          agencyId,
          repoId: repo,
          type,
          tag,
          keyword: keyword || undefined,
        },
        body: { request: { knowledgeIds: kp ? [kp] : [], orderBy: '-lastUpdate' } },
      }),
    placeholderData: keepPreviousData,
  });
  const filtered =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: TableColumnsType<Question> = [
    {
      title: T.columns.title,
      key: 'title',
      render: (_, q) => {
        const parts = excerptParts(q);
        return (
          <span title={excerptText(parts) || undefined}>
            <StemExcerpt parts={parts} empty={T.untitled} />
          </span>
        );
      },
    },
    {
      title: T.columns.type,
      dataIndex: 'type',
      width: 96,
      render: (t: QuestionType, q) => (
        <Space size={2} orientation="vertical">
          {TYPE_LABELS[t]}
          {q.judgeType === 'manual' && <Tag color="orange">{TRAIN_TEXTS.paper.manual}</Tag>}
        </Space>
      ),
    },
    { title: T.columns.kp, key: 'kp', width: 110, render: (_, q) => q.knowledgePoint?.name ?? TRAIN_TEXTS.none },
    {
      title: T.columns.action,
      key: 'action',
      width: 84,
      render: (_, q) =>
        chosen.has(q.id) ? (
          <Typography.Text type="secondary">{TRAIN_TEXTS.paper.added}</Typography.Text>
        ) : (
          <Button
            size="small"
            aria-label={`${TRAIN_TEXTS.paper.add} ${questionLabel(q)}`}
            disabled={disabled}
            onClick={() => onAdd(q)}
          >
            {TRAIN_TEXTS.paper.add}
          </Button>
        ),
    },
  ];

  const total = query.data?.total ?? 0;
  return (
    <div className="question-picker">
      <Space wrap style={{ marginBottom: 12 }}>
        {/* A grid cell stretches the picker to the cell's width. */}
        <div style={{ width: 200, display: 'grid' }}>
          <KpTreePicker label={T.kp} placeholder={T.allKps} value={kp} onChange={filtered(setKp)} />
        </div>
        <Select
          aria-label={T.type}
          allowClear
          placeholder={T.allTypes}
          style={{ width: 120 }}
          value={type}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          onChange={filtered(setType)}
        />
        <Select
          aria-label={T.repo}
          allowClear
          placeholder={T.repo}
          style={{ width: 140 }}
          value={repo}
          options={(repos.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
          onChange={filtered(setRepo)}
        />
        <Select
          aria-label={T.tag}
          allowClear
          showSearch
          placeholder={T.tag}
          style={{ width: 120 }}
          value={tag}
          options={(tags.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
          onChange={filtered(setTag)}
        />
        <Input.Search
          allowClear
          aria-label={T.keyword}
          placeholder={T.keyword}
          style={{ width: 200 }}
          onSearch={(v) => filtered(setKeyword)(v.trim())}
        />
      </Space>
      {query.isError && <Typography.Paragraph type="danger">{errorText(query.error)}</Typography.Paragraph>}
      <Table<Question>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: T.empty }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: totalNumber(total),
          showSizeChanger: false,
          showTotal: () => T.total(total),
          onChange: setPage,
          size: 'small',
        }}
      />
    </div>
  );
}
