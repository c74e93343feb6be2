// admin/knowledgraph/group/:id/create: knowledge points added to a graph from the question bank's tree picker,
// several at once (codes already in the graph are skipped by the server).
import { useMemo, useState } from 'react';
import { Button, Form, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { GRAPH_MAX_ADD_ITEMS } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY, useGraphDetail } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import { KpMultiPicker } from '../train/KpMultiPicker';
import { GraphPageCard } from './GraphPageCard';
import { graphItemsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.add;

export default function AddItemsPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const detail = useGraphDetail(id);
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const inGroup = useMemo(() => new Set(detail.data?.items.map((i) => i.knowledgeCode)), [detail.data]);

  const add = useApiMutation({
    mutationFn: (knowledgeCodes: string[]) =>
      call(API.graphItemsAdd, { params: { id }, body: { request: { knowledgeCodes } } }),
    success: (added) => T.added(added.length),
    invalidates: [[GRAPH_KEY]],
    onSuccess: () => setCodes([]),
  });

  const submit = () => {
    if (codes.length === 0) return setError(T.required);
    if (codes.length > GRAPH_MAX_ADD_ITEMS) return setError(T.tooMany(GRAPH_MAX_ADD_ITEMS));
    add.mutate(codes);
  };

  return (
    <GraphPageCard
      title={T.title(detail.data?.group.name ?? '')}
      query={detail}
      extra={<Link to={graphItemsPath(id)}>{T.toEditor}</Link>}
    >
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Typography.Paragraph>{T.inGroup(inGroup.size)}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item label={T.picker} validateStatus={error ? 'error' : undefined} help={error}>
          <KpMultiPicker
            label={T.picker}
            placeholder={T.placeholder}
            value={codes}
            status={error ? 'error' : undefined}
            onChange={(v) => {
              setCodes(v);
              setError(null);
            }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {T.submit}
          </Button>
        </Space>
      </Form>
    </GraphPageCard>
  );
}
