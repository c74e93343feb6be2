// The read-only preview of a store repository (docs/store.md "Preview"): a page of its questions (stems and
// options; answers and explanations only once the agency subscribes) or of its schemes (titles). Keyed by the
// repository where it is used, so another repository starts at page 1.
import { useState } from 'react';
import { Alert, Drawer, List, Space, Tag, Typography } from 'antd';
import type { StoreKind, StoreQuestionItem, StoreRepo, StoreSchemeItem } from '@edu/contract';
import dayjs from 'dayjs';
import { errorText } from '../../../api/client';
import { totalNumber } from '../../../api/page-total';
import { RichText } from '../../../components/rich-text/RichText';
import { TYPE_LABELS } from '../../../components/texts';
import { useStorePreview } from './queries';
import { STORE_TEXTS } from './texts';

const T = STORE_TEXTS.drawer;
const PAGE = 10;

function QuestionItem({ q }: { q: StoreQuestionItem }) {
  return (
    <List.Item>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap size={4}>
          <Tag color="blue">{TYPE_LABELS[q.type]}</Tag>
          {q.knowledgeName && <Tag>{q.knowledgeName}</Tag>}
          {q.subCount > 0 && <Tag>{T.subQuestions(q.subCount)}</Tag>}
        </Space>
        {q.title && <Typography.Text strong>{q.title}</Typography.Text>}
        <RichText html={q.question} />
        {q.options.map((o) => (
          <div key={o.key}>
            {o.key}. <RichText inline html={o.content} />
          </div>
        ))}
        {q.answer && (
          <Typography.Text type="success">
            {T.answer}：{q.answer.join('；')}
          </Typography.Text>
        )}
        {q.explanation && (
          <Typography.Text type="secondary">
            {T.explanation}：<RichText inline html={q.explanation} />
          </Typography.Text>
        )}
      </Space>
    </List.Item>
  );
}

function SchemeItem({ s }: { s: StoreSchemeItem }) {
  return (
    <List.Item>
      <List.Item.Meta
        title={s.title}
        description={
          <Space wrap size={4}>
            <Tag>{T.schemeTypes[s.type] ?? s.type}</Tag>
            <span>{T.phases(s.phaseCount)}</span>
            <span>{dayjs(s.lastUpdate).format('YYYY-MM-DD')}</span>
          </Space>
        }
      />
    </List.Item>
  );
}

export function StorePreviewDrawer({
  kind,
  repo,
  platform,
  onClose,
}: {
  kind: StoreKind;
  repo: StoreRepo | null;
  platform: boolean;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const preview = useStorePreview(kind, repo?.id, platform, (page - 1) * PAGE, PAGE);
  const data = preview.data;
  const answersHidden = kind === 'question' && !repo?.subscribed;
  return (
    <Drawer open={!!repo} title={repo ? T.title(repo.name) : ''} onClose={onClose} width="min(720px, 100vw)">
      {answersHidden && <Alert type="info" showIcon message={T.answersHidden} style={{ marginBottom: 12 }} />}
      {preview.isError && <Alert type="error" message={errorText(preview.error)} />}
      <List<StoreQuestionItem | StoreSchemeItem>
        loading={preview.isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: T.empty[kind] }}
        rowKey="id"
        renderItem={(item) =>
          kind === 'question' ? (
            <QuestionItem q={item as StoreQuestionItem} />
          ) : (
            <SchemeItem s={item as StoreSchemeItem} />
          )
        }
        pagination={{
          current: page,
          pageSize: PAGE,
          total: totalNumber(data?.total ?? 0),
          onChange: setPage,
          showTotal: () => T.total(data?.total ?? 0),
          size: 'small',
          hideOnSinglePage: true,
        }}
      />
    </Drawer>
  );
}
