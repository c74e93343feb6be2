// student/train: the schemes open to the student as cards (type, time limit, phases), paged; 开始训练 starts
// one (the call is idempotent), 继续训练 opens the running one; a link to 训练历史.
import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Pagination, Row, Space, Spin, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { OpenScheme } from '@edu/contract';
import { errorText } from '../../../api/client';
import { RetryButton } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { totalOf, useOpenSchemes } from './queries';
import { StartButton, TimeLimit } from './SchemeParts';
import { TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.list;
const PAGE_SIZE = 12;

function SchemeCard({ scheme: s }: { scheme: OpenScheme }) {
  const navigate = useNavigate();
  const detail = `/student/train/scheme/${s.schemeId}`;
  return (
    <Card
      className="scheme-card"
      title={<Link to={detail}>{s.title}</Link>}
      extra={<TypeTag type={s.type} />}
      actions={[
        <Button key="detail" type="link" onClick={() => void navigate(detail)}>
          {T.detail}
        </Button>,
        <StartButton key="start" scheme={s} />,
      ]}
      // Actions at the foot of every card of a row, however many lines the body has.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
    >
      <Space orientation="vertical" size={4}>
        <span>
          <Typography.Text type="secondary">{T.timeLimit}：</Typography.Text>
          <TimeLimit seconds={s.timeLimit} />
        </span>
        <Typography.Text type="secondary">
          {T.phases(s.phaseCount)} · {T.bound(s.questionBound)}
        </Typography.Text>
        {s.finishedCount > 0 && <Typography.Text type="secondary">{T.finished(s.finishedCount)}</Typography.Text>}
      </Space>
    </Card>
  );
}

function SchemeList() {
  const [page, setPage] = useState(1);
  const query = useOpenSchemes((page - 1) * PAGE_SIZE, PAGE_SIZE);
  const list = query.data?.list ?? [];
  const total = query.data ? totalOf(query.data.total) : 0;
  let body: React.ReactNode;
  if (query.isPending) body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={TRAIN_TEXTS.loadFailed}
        description={errorText(query.error)}
        action={<RetryButton onRetry={() => void query.refetch()} />}
      />
    );
  else if (list.length === 0) body = <Empty description={T.empty} />;
  else
    body = (
      <Spin spinning={query.isFetching}>
        <Row gutter={[16, 16]}>
          {list.map((s) => (
            <Col key={s.schemeId} xs={24} sm={12} lg={8}>
              <SchemeCard scheme={s} />
            </Col>
          ))}
        </Row>
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          hideOnSinglePage
          showTotal={() => T.total(query.data?.total ?? 0)}
          onChange={setPage}
        />
      </Spin>
    );
  return (
    <Card title={T.title} extra={<Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>}>
      {body}
    </Card>
  );
}

export default function TrainListPage() {
  return (
    <LoginGate>
      <SchemeList />
    </LoginGate>
  );
}
