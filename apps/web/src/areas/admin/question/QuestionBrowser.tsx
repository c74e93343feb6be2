// The question table with filters, paging, row actions and bulk moves; used by question/list and repository detail.
import { useState } from 'react';
import { App as AntApp, Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { type Question, type QuestionType } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { questionKeys } from '../../../api/query-keys';
import { useAppConfig, useCall } from '../../../app/session-context';
import { BulkMoveModal } from './BulkMoveModal';
import { KpFilter, type KpFilterValue } from './KpFilter';
import { KeywordSearch, QuestionTypeFilter, RepoFilter, TagFilter } from './ListFilters';
import { PagedTable } from '../../../components/PagedTable';
import { QuestionExcerpt } from './QuestionExcerpt';
import { useRepos } from './queries';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';
import { usePaging } from '../../../components/usePaging';
import { useQuestionPage } from './useQuestionPage';
import { useTypeFilter } from './useTypeFilter';

const T = QUESTION_TEXTS.list;
const PAGE_SIZE = 20;

/** The filters of the table that other actions can reuse. */
export interface BrowserScope {
  repoId?: string;
  knowledgeId?: string;
  type?: QuestionType;
}

export interface QuestionBrowserProps {
  /** Fixed repository (repository detail); the repository filter is then hidden. */
  repoId?: string;
  type?: QuestionType;
  /** Called when the type filter changes (repository detail keeps it in the path). */
  onTypeChange?: (type: QuestionType | undefined) => void;
  /** Read-only (a referenced repository): no edit, delete or bulk moves. */
  readOnly?: boolean;
  /** Header actions; as a function it gets the filters in force (e.g. to export what is shown). */
  extra?: React.ReactNode | ((scope: BrowserScope) => React.ReactNode);
  title: React.ReactNode;
}

export function QuestionBrowser({
  repoId,
  type: fixedType,
  onTypeChange,
  readOnly,
  extra,
  title,
}: QuestionBrowserProps) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = AntApp.useApp();
  const repos = useRepos();
  const [kp, setKp] = useState<KpFilterValue>({});
  const [type, setType] = useTypeFilter(fixedType, onTypeChange);
  const [tag, setTag] = useState<string | undefined>();
  const [repo, setRepo] = useState<string | undefined>(repoId);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [moving, setMoving] = useState<'kp' | 'repo' | null>(null);
  const paging = usePaging(PAGE_SIZE, () => setSelected([]));
  const { filtered } = paging;
  const knowledgeIds = kp.code ? [kp.code] : kp.subject ? [kp.subject] : [];
  const effectiveRepo = repoId ?? repo;

  const query = useQuestionPage({ repoId: effectiveRepo, type, tag, keyword, knowledgeIds }, paging.page, paging.size);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: questionKeys.details(agencyId) }),
    ]);
  const removal = useApiMutation({
    mutationFn: (q: Question) => call(API.questionDelete, { params: { id: q.id } }),
    success: T.removed,
    invalidates: (_d, q) => [questionKeys.lists(), questionKeys.detail(agencyId, q.id)],
  });
  const remove = (q: Question) =>
    void modal.confirm({
      title: T.removeTitle,
      content: T.removeBody,
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: QUESTION_TEXTS.cancel,
      onOk: () => removal.run(q),
    });

  const columns: TableColumnsType<Question> = [
    {
      title: T.columns.title,
      key: 'title',
      render: (_, q) => (
        <>
          <QuestionExcerpt question={q} empty={T.untitled} to={`/admin/question/preview/${q.id}`} />
          {q.tags.length > 0 && (
            <div className="question-tags" style={{ marginTop: 4 }}>
              {q.tags.map((t) => (
                <Tag key={t} variant="filled" style={{ fontSize: 12 }}>
                  {t}
                </Tag>
              ))}
            </div>
          )}
        </>
      ),
    },
    { title: T.columns.type, dataIndex: 'type', width: 80, render: (t: QuestionType) => TYPE_LABELS[t] },
    {
      title: T.columns.kp,
      key: 'kp',
      width: 120,
      render: (_, q) => q.knowledgePoint?.name ?? T.noKp,
    },
    { title: T.columns.version, dataIndex: 'version', width: 64, align: 'center' },
    {
      title: T.columns.lastUpdate,
      dataIndex: 'lastUpdate',
      width: 116,
      render: (t: number) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {dayjs(t).format('YYYY-MM-DD')}
          <br />
          <Typography.Text type="secondary">{dayjs(t).format('HH:mm')}</Typography.Text>
        </span>
      ),
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, q) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(`/admin/question/preview/${q.id}`)}>
            {T.preview}
          </Button>
          {!readOnly && (
            <Button type="link" size="small" onClick={() => void navigate(`/admin/question/edit/${q.id}`)}>
              {T.edit}
            </Button>
          )}
          {!readOnly && (
            <Button type="link" size="small" danger onClick={() => remove(q)}>
              {T.remove}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px">
        <Card size="small">
          <KpFilter value={kp} onChange={filtered(setKp)} />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          title={title}
          extra={
            typeof extra === 'function' ? extra({ repoId: effectiveRepo, knowledgeId: knowledgeIds[0], type }) : extra
          }
        >
          <Space wrap style={{ marginBottom: 16 }}>
            <QuestionTypeFilter texts={T} width={130} value={type} onChange={filtered(setType)} />
            <TagFilter label={T.tag} width={140} value={tag} onChange={filtered(setTag)} />
            {repoId === undefined && (
              <RepoFilter
                label={T.repo}
                width={160}
                repos={repos.data?.list}
                value={repo}
                onChange={filtered(setRepo)}
              />
            )}
            <KeywordSearch placeholder={T.keyword} width={240} onSearch={filtered(setKeyword)} />
          </Space>
          {!readOnly && selected.length > 0 && (
            <Space style={{ marginBottom: 12 }}>
              <Typography.Text>{T.selected(selected.length)}</Typography.Text>
              <Button onClick={() => setMoving('kp')}>{T.moveKp}</Button>
              <Button onClick={() => setMoving('repo')}>{T.moveRepo}</Button>
            </Space>
          )}
          <PagedTable<Question>
            query={query}
            paging={paging}
            texts={T}
            rowKey="id"
            columns={columns}
            // The stem column takes what is left; below 800 px the table scrolls.
            scroll={{ x: 800 }}
            rowSelection={
              readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
            }
          />
        </Card>
      </Col>
      <BulkMoveModal
        mode={moving}
        ids={selected}
        onClose={() => setMoving(null)}
        onMoved={() => {
          setMoving(null);
          setSelected([]);
          void refresh();
        }}
      />
    </Row>
  );
}
