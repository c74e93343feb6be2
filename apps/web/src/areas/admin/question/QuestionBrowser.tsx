// The question table with filters, paging, row actions and bulk moves; used by question/list and repository detail.
import { useState } from 'react';
import { App as AntApp, Button, Card, Col, Input, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { API, QUESTION_TYPES, type Question, type QuestionType } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { BulkMoveModal } from './BulkMoveModal';
import { KpFilter, type KpFilterValue } from './KpFilter';
import { excerptParts, excerptText, StemExcerpt } from './StemExcerpt';
import { useRepos, useTags } from './queries';
import { QUESTION_TEXTS, TYPE_LABELS } from './texts';

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
  const navigate = useNavigate();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const { message, modal } = AntApp.useApp();
  const repos = useRepos();
  const tags = useTags();
  const [kp, setKp] = useState<KpFilterValue>({});
  const [ownType, setOwnType] = useState<QuestionType | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [repo, setRepo] = useState<string | undefined>(repoId);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [moving, setMoving] = useState<'kp' | 'repo' | null>(null);
  const type = onTypeChange ? fixedType : ownType;
  const knowledgeIds = kp.code ? [kp.code] : kp.subject ? [kp.subject] : [];
  const effectiveRepo = repoId ?? repo;

  const query = useQuery({
    queryKey: ['questions', agencyId, effectiveRepo, type, tag, keyword, knowledgeIds, page, size],
    queryFn: () =>
      call(API.questionList, {
        query: {
          start: (page - 1) * size,
          size,
          agencyId,
          repoId: effectiveRepo,
          type,
          tag,
          keyword: keyword || undefined,
        },
        body: { request: { knowledgeIds, orderBy: '-lastUpdate' } },
      }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['questions'] });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected([]);
    };

  const remove = (q: Question) =>
    void modal.confirm({
      title: T.removeTitle,
      content: T.removeBody,
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: QUESTION_TEXTS.cancel,
      onOk: async () => {
        try {
          await call(API.questionDelete, { params: { id: q.id } });
          void message.success(T.removed);
          await refresh();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  const columns: TableColumnsType<Question> = [
    {
      title: T.columns.title,
      key: 'title',
      render: (_, q) => {
        const parts = excerptParts(q);
        return (
          <>
            <Link to={`/admin/question/preview/${q.id}`} title={excerptText(parts) || undefined}>
              <StemExcerpt parts={parts} empty={T.untitled} />
            </Link>
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
        );
      },
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

  const total = query.data?.total ?? 0;
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
            <Select
              aria-label={T.type}
              allowClear
              placeholder={T.allTypes}
              style={{ width: 130 }}
              value={type}
              options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              onChange={filtered((v?: QuestionType) => (onTypeChange ? onTypeChange(v) : setOwnType(v)))}
            />
            <Select
              aria-label={T.tag}
              allowClear
              showSearch
              placeholder={T.tag}
              style={{ width: 140 }}
              value={tag}
              options={(tags.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
              onChange={filtered(setTag)}
            />
            {repoId === undefined && (
              <Select
                aria-label={T.repo}
                allowClear
                placeholder={T.repo}
                style={{ width: 160 }}
                value={repo}
                options={(repos.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
                onChange={filtered(setRepo)}
              />
            )}
            <Input.Search
              allowClear
              placeholder={T.keyword}
              style={{ width: 240 }}
              onSearch={(v) => filtered(setKeyword)(v.trim())}
            />
          </Space>
          {!readOnly && selected.length > 0 && (
            <Space style={{ marginBottom: 12 }}>
              <Typography.Text>{T.selected(selected.length)}</Typography.Text>
              <Button onClick={() => setMoving('kp')}>{T.moveKp}</Button>
              <Button onClick={() => setMoving('repo')}>{T.moveRepo}</Button>
            </Space>
          )}
          {query.isError && <Typography.Paragraph type="danger">{errorText(query.error)}</Typography.Paragraph>}
          <Table<Question>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.list ?? []}
            loading={query.isFetching}
            locale={{ emptyText: T.empty }}
            // The stem column takes what is left; below 800 px the table scrolls.
            scroll={{ x: 800 }}
            rowSelection={
              readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
            }
            pagination={{
              current: page,
              pageSize: size,
              total: typeof total === 'number' ? total : Number.parseInt(total, 10) || 0,
              showSizeChanger: true,
              showTotal: () => T.total(total),
              onChange: (p, s) => {
                setPage(s !== size ? 1 : p);
                setSize(s);
              },
            }}
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
