// admin/user/parent/list (docs/product.md §6: agency admin or agency parent admin): the agency's parents — those it
// created and those linked to its students — with search and paging; create a parent account (password changed at
// the first login), link a student, unlink one after a confirmation (docs/parents.md "The agency's parents"), reset
// the password of a parent the agency alone answers for (docs/parents.md "Forgotten passwords"); selected rows are
// reset or exported at once (docs/parents.md "Bulk actions").
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgencyParent } from '@edu/contract';
import { API } from '../../../../api/routes';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { showFieldErrors } from '../../common/field-errors';
import { SearchInput } from '../../common/SearchInput';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { PagedTable } from '../../../../components/PagedTable';
import { usePaging } from '../../../../components/usePaging';
import { ParentBulkActions } from '../bulk/ParentBulkActions';
import { useSelection } from '../bulk/useSelection';
import { EnrolButton } from '../enrol/EnrolModal';
import { InviteButton } from '../invitations/InviteButton';
import { PasswordOnceModal, type ShownPassword } from '../PasswordOnceModal';
import { StudentPicker } from './StudentPicker';
import { PARENT_ADMIN_TEXTS as T } from './texts';
import { AvatarName } from '../../../../components/AvatarName';

const PAGE_SIZE = 20;
const KEY = ['parents-admin'] as const;
const USERNAME_RE = /^[A-Za-z0-9_.-]{3,32}$/;

interface CreateForm {
  name: string;
  username: string;
  password: string;
  childIds?: string[];
}
const FIELDS = new Set(['name', 'username', 'password', 'childIds']);

function CreateParentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<CreateForm>();
  const save = useApiMutation({
    mutationFn: (v: CreateForm) =>
      call(API.agencyParentCreate, {
        body: {
          request: {
            name: v.name.trim(),
            username: v.username.trim(),
            password: v.password,
            childIds: v.childIds ?? [],
          },
        },
      }),
    success: T.form.created,
    invalidates: [KEY],
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
    onError: (e) => showFieldErrors(form, e, FIELDS),
  });
  return (
    <Modal
      open={open}
      title={T.form.title}
      okText={T.form.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreateForm> name="parent-create" form={form} layout="vertical" onFinish={(v) => void save.run(v)}>
        <Form.Item
          name="name"
          label={T.form.name}
          rules={[{ required: true, whitespace: true, message: T.form.nameRequired }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="username"
          label={T.form.username}
          rules={[
            { required: true, whitespace: true, message: T.form.usernameRequired },
            { pattern: USERNAME_RE, message: T.form.usernameRule },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={T.form.password}
          extra={T.form.passwordHint}
          rules={[{ required: true, message: T.form.passwordRequired }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="childIds" label={T.form.children}>
          <StudentPicker multiple />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LinkModal({ parent, onClose }: { parent: AgencyParent | null; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<{ childId: string }>();
  const link = useApiMutation({
    mutationFn: (v: { childId: string }) =>
      call(API.agencyParentLink, { params: { id: parent!.id, childId: v.childId } }),
    success: T.linked,
    invalidates: [KEY],
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={parent !== null}
      title={parent ? T.linkTitle(parent.name) : ''}
      okText={T.link}
      cancelText={T.cancel}
      confirmLoading={link.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void link.run(v)}>
        <Form.Item name="childId" label={T.student} rules={[{ required: true, message: T.studentRequired }]}>
          <StudentPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ParentListPage() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [linking, setLinking] = useState<AgencyParent | null>(null);
  const selection = useSelection<AgencyParent>();
  const query = useQuery({
    queryKey: [...KEY, 'list', agencyId, page, size, keyword],
    queryFn: () =>
      call(API.agencyParentList, { query: { start: (page - 1) * size, size, keyword: keyword || undefined } }),
    placeholderData: keepPreviousData,
  });
  const unlink = useApiMutation({
    mutationFn: (v: { id: string; childId: string }) => call(API.agencyParentUnlink, { params: v }),
    success: T.unlinked,
    invalidates: [KEY],
  });
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const resetPassword = useConfirmedMutation(
    {
      mutationFn: (p: AgencyParent) => call(API.agencyParentResetPassword, { params: { id: p.id } }),
      onSuccess: (r, p) => setShown({ name: p.name, username: r.username, password: r.password }),
      invalidates: [KEY],
    },
    (p) => ({ title: T.resetTitle(p.name), content: T.resetBody, okText: T.ok, cancelText: T.cancel, danger: true }),
  );

  const columns: TableColumnsType<AgencyParent> = [
    { title: T.columns.name, dataIndex: 'name', width: 140, render: (n: string) => <AvatarName name={n} /> },
    {
      title: T.columns.username,
      dataIndex: 'username',
      width: 160,
      render: (u: string, p) => (
        <Space size={4} wrap>
          <Typography.Text>{u}</Typography.Text>
          {p.mustChangePassword && <Tag color="orange">{T.mustChange}</Tag>}
        </Space>
      ),
    },
    {
      title: T.columns.children,
      key: 'children',
      render: (_, p) =>
        p.children.length === 0 ? (
          <Typography.Text type="secondary">{T.noChildren}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {p.children.map((c) => (
              <Tag key={c.id}>
                {c.name}
                <Popconfirm
                  title={T.unlinkConfirm(p.name, c.name)}
                  okText={T.ok}
                  cancelText={T.cancel}
                  onConfirm={() => unlink.run({ id: p.id, childId: c.id })}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={`解除 ${c.name}`}
                    style={{ padding: '0 0 0 4px', height: 'auto' }}
                  >
                    ×
                  </Button>
                </Popconfirm>
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: T.columns.origin,
      dataIndex: 'createdHere',
      width: 130,
      render: (here: boolean) => (here ? <Tag color="blue">{T.createdHere}</Tag> : <Tag>{T.viaChild}</Tag>),
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 170,
      render: (_, p) => (
        <Space size={12}>
          <Button type="link" style={{ padding: 0 }} onClick={() => setLinking(p)}>
            {T.link}
          </Button>
          {p.canResetPassword && (
            <Button type="link" style={{ padding: 0 }} onClick={() => resetPassword.ask(p)}>
              {T.resetPassword}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={T.title}
      extra={
        <Space wrap>
          <EnrolButton kind="parent" />
          <InviteButton role="parent" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {T.create}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={T.search}
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={paging.filtered(setKeyword)}
        />
      </Space>
      <ParentBulkActions selection={selection} listKey={KEY} />
      <PagedTable<AgencyParent>
        rowKey="id"
        rowSelection={selection.rowSelection}
        // A parent's `children` are its children, not nested rows of the table.
        expandable={{ childrenColumnName: 'noNestedRows' }}
        columns={columns}
        query={query}
        paging={paging}
        texts={T}
        scroll={{ x: 860 }}
      />
      <CreateParentModal open={creating} onClose={() => setCreating(false)} />
      <LinkModal parent={linking} onClose={() => setLinking(null)} />
      <PasswordOnceModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
