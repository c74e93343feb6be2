// Browsing the question bank to pick questions (a paper's, a point's fixed list): the question list's filters and
// excerpts, with 加入 instead of the row actions.
import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Question, QuestionType } from '@edu/contract';
import { TYPE_LABELS } from '../../../components/texts';
import { KeywordSearch, KpTreeFilter, QuestionTypeFilter, RepoFilter, TagFilter } from '../question/ListFilters';
import { PagedTable } from '../../../components/PagedTable';
import { useRepos } from '../question/queries';
import { QuestionExcerpt } from '../question/QuestionExcerpt';
import { excerptParts, excerptText } from '../../../components/rich-text/StemExcerpt';
import { usePaging } from '../../../components/usePaging';
import { useQuestionPage } from '../question/useQuestionPage';
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
  const repos = useRepos();
  const [kp, setKp] = useState<string | undefined>();
  const [type, setType] = useState<QuestionType | undefined>();
  const [repo, setRepo] = useState<string | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(PAGE_SIZE);
  const { filtered } = paging;
  const query = useQuestionPage(
    { repoId: repo, type, tag, keyword, knowledgeIds: kp ? [kp] : [] },
    paging.page,
    paging.size,
    'picker',
  );

  const columns: TableColumnsType<Question> = [
    {
      title: T.columns.title,
      key: 'title',
      render: (_, q) => <QuestionExcerpt question={q} empty={T.untitled} />,
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

  return (
    <div className="question-picker">
      <Space wrap style={{ marginBottom: 12 }}>
        <KpTreeFilter label={T.kp} placeholder={T.allKps} width={200} value={kp} onChange={filtered(setKp)} />
        <QuestionTypeFilter texts={T} width={120} value={type} onChange={filtered(setType)} />
        <RepoFilter label={T.repo} width={140} repos={repos.data?.list} value={repo} onChange={filtered(setRepo)} />
        <TagFilter label={T.tag} width={120} value={tag} onChange={filtered(setTag)} />
        <KeywordSearch placeholder={T.keyword} label={T.keyword} width={200} onSearch={filtered(setKeyword)} />
      </Space>
      <PagedTable<Question>
        query={query}
        paging={paging}
        texts={T}
        rowKey="id"
        size="small"
        columns={columns}
        pagination={{ showSizeChanger: false, size: 'small' }}
      />
    </div>
  );
}
