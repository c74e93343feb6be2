// 邀请已有账号 on the student, teacher and parent lists (docs/users.md "Inviting an existing account"): for the agency
// admin only, a dialog to invite an account by its username with a role, and the agency's invitations with their
// state; an unanswered one may be withdrawn after a confirmation. The answer to an invitation is the same whether the
// username exists or not, so the dialog shows the server's sentence as it is.
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  INVITATION_ROLES,
  INVITERS,
  satisfies,
  type AgencyInvitation,
  type InvitationRole,
  type InvitationStatus,
} from '@edu/contract';
import { API } from '../../../../api/routes';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../../../app/session-context';
import { timeColumn, usernameColumn } from '../../common/columns';
import { showFieldErrors } from '../../common/field-errors';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { PagedTable } from '../../../../components/PagedTable';
import { usePaging } from '../../../../components/usePaging';
import { INVITE_ROLE_LABEL, INVITE_TEXTS as T } from './texts';

const PAGE_SIZE = 10;
const KEY = ['agency-invitations'] as const;
const FIELDS = new Set(['username', 'role']);
const STATUSES: InvitationStatus[] = ['pending', 'accepted', 'refused', 'expired'];

interface InviteForm {
  username: string;
  role: InvitationRole;
}

/** The button and its dialog; nothing for anyone but the agency's admin (the API answers 403 to them). */
export function InviteButton({ role }: { role: InvitationRole }) {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const [open, setOpen] = useState(false);
  if (!satisfies(user?.roles, INVITERS, agencyId)) return null;
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      <Modal open={open} title={T.title} footer={null} width={900} onCancel={() => setOpen(false)} destroyOnHidden>
        <InviteForm role={role} />
        <Invitations />
      </Modal>
    </>
  );
}

function InviteForm({ role }: { role: InvitationRole }) {
  const call = useCall();
  const [form] = Form.useForm<InviteForm>();
  const [sent, setSent] = useState<string | null>(null);
  const send = useApiMutation({
    mutationFn: (v: InviteForm) =>
      call(API.invitationCreate, { body: { request: { username: v.username.trim(), role: v.role } } }),
    invalidates: [KEY],
    onSuccess: (r) => {
      setSent(T.sentUntil(r.message, dayjs(r.expiresAt).format('YYYY-MM-DD HH:mm')));
      form.resetFields(['username']);
    },
    onError: (e) => {
      setSent(null);
      showFieldErrors(form, e, FIELDS);
    },
  });
  return (
    <>
      <Typography.Paragraph type="secondary">
        {T.intro}
        <br />
        {T.privacy}
      </Typography.Paragraph>
      <Form<InviteForm>
        name="invite"
        form={form}
        layout="inline"
        initialValues={{ role }}
        onFinish={(v) => void send.run(v)}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="username"
          label={T.username}
          rules={[{ required: true, whitespace: true, message: T.usernameRequired }]}
        >
          <Input placeholder={T.usernamePlaceholder} maxLength={80} style={{ width: 260 }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={T.role}>
          <Select<InvitationRole>
            aria-label={T.role}
            style={{ width: 100 }}
            options={INVITATION_ROLES.map((r) => ({ value: r, label: INVITE_ROLE_LABEL[r] }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {T.send}
          </Button>
        </Form.Item>
      </Form>
      {sent && <Alert type="success" showIcon title={sent} style={{ marginTop: 12 }} />}
    </>
  );
}

function Invitations() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [status, setStatus] = useState<InvitationStatus | undefined>(undefined);
  const query = useQuery({
    queryKey: [...KEY, agencyId, page, size, status],
    queryFn: () => call(API.invitationList, { query: { start: (page - 1) * size, size, status } }),
    placeholderData: keepPreviousData,
  });
  const withdraw = useConfirmedMutation(
    {
      mutationFn: (i: AgencyInvitation) => call(API.invitationWithdraw, { params: { id: i.id } }),
      success: T.withdrawn,
      invalidates: [KEY],
    },
    (i) => ({
      title: T.withdrawTitle(i.username),
      content: T.withdrawBody,
      okText: T.confirm,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  const columns: TableColumnsType<AgencyInvitation> = [
    usernameColumn(T.columns.username, 160),
    { title: T.columns.role, dataIndex: 'role', width: 70, render: (r: InvitationRole) => INVITE_ROLE_LABEL[r] },
    {
      title: T.columns.status,
      dataIndex: 'status',
      width: 90,
      render: (s: InvitationStatus) => <Tag color={T.statusColor[s]}>{T.status[s]}</Tag>,
    },
    { title: T.columns.invitedBy, dataIndex: 'invitedBy', width: 110 },
    timeColumn(T.columns.created, 'createTime', 140),
    timeColumn(T.columns.expires, 'expiresAt', 140),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 70,
      render: (_, i) =>
        i.answeredAt === null ? (
          <Button type="link" size="small" danger onClick={() => withdraw.ask(i)}>
            {T.withdraw}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '20px 0 12px' }}>
        <Typography.Text strong>{T.listTitle}</Typography.Text>
        <Select<InvitationStatus>
          allowClear
          placeholder={T.allStatus}
          aria-label={T.columns.status}
          value={status}
          style={{ width: 120 }}
          onChange={paging.filtered(setStatus)}
          options={STATUSES.map((s) => ({ value: s, label: T.status[s] }))}
        />
      </Flex>
      <PagedTable<AgencyInvitation>
        rowKey="id"
        size="small"
        columns={columns}
        query={query}
        paging={paging}
        texts={{ empty: T.empty, total: T.total }}
        scroll={{ x: 780 }}
      />
    </>
  );
}
