// 我的孩子: the parent's children with their agencies, 解除绑定 (after a confirmation) and binding by a pairing code
// (docs/parents.md "Pairing codes"). Pairing or unlinking changes the agencies the parent may act in: the login
// info is read again.
import { useState } from 'react';
import { Button, Card, Empty, Form, Input, List, Popconfirm, Space, Typography } from 'antd';
import type { ParentChild } from '@edu/contract';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../api/mutation';
import { useRefreshLoginInfo } from '../../app/auth-actions';
import { useCall } from '../../app/session-context';
import { InitialAvatar } from '../../components/InitialAvatar';
import { parentKeys } from './queries';
import { PARENT_PAGE_TEXTS } from './page-texts';

const T = PARENT_PAGE_TEXTS.children;
const CODE_RE = /^[0-9A-Z]{6}$/;
const normalise = (v: string) => v.replace(/\s+/g, '').toUpperCase();

function PairForm() {
  const call = useCall();
  const refresh = useRefreshLoginInfo();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pair = useApiMutation({
    mutationFn: (c: string) => call(API.parentPair, { body: { request: { code: c } } }),
    success: (child) => T.paired(child.name),
    invalidates: [parentKeys.all],
    error: 'none',
    onSuccess: async () => {
      setCode('');
      await refresh().catch(() => undefined);
    },
    // A wrong code names its field; a throttled guess (429) or another failure says why in the envelope.
    onError: (e) => setProblem(fieldErrorsOf(e)[0]?.message ?? errorText(e)),
  });
  const submit = () => {
    const c = normalise(code);
    if (!CODE_RE.test(c)) return setProblem(T.codeInvalid);
    setProblem(null);
    void pair.run(c);
  };
  return (
    <Form layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
      <Form.Item
        label={T.codeLabel}
        htmlFor="pairing-code"
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? undefined}
      >
        <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
          <Input
            id="pairing-code"
            value={code}
            maxLength={8}
            placeholder={T.codePlaceholder}
            onChange={(e) => {
              setCode(e.target.value);
              setProblem(null);
            }}
            style={{ textTransform: 'uppercase' }}
          />
          <Button type="primary" htmlType="submit" loading={pair.isPending}>
            {T.pair}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}

export function ChildrenCard({ kids }: { kids: readonly ParentChild[] }) {
  const call = useCall();
  const refresh = useRefreshLoginInfo();
  const unlink = useApiMutation({
    mutationFn: (id: string) => call(API.parentUnlink, { params: { id } }),
    success: T.unlinked,
    invalidates: [parentKeys.all],
    onSuccess: () => refresh().catch(() => undefined),
  });
  return (
    <Card title={T.title}>
      {kids.length === 0 ? (
        <Empty description={T.none} />
      ) : (
        <List<ParentChild>
          dataSource={[...kids]}
          rowKey="id"
          renderItem={(k) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="unlink"
                  title={T.unlinkConfirm(k.name)}
                  okText={T.ok}
                  cancelText={T.cancel}
                  onConfirm={() => unlink.run(k.id)}
                >
                  <Button type="link" danger style={{ padding: 0 }}>
                    {T.unlink}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<InitialAvatar name={k.name} />}
                title={`${k.name}（${k.username}）`}
                description={
                  <Typography.Text type="secondary">
                    {k.agencies.length ? T.agencyOf(k.agencies.map((a) => a.name).join('、')) : T.noAgency}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      <PairForm />
    </Card>
  );
}
