// /invitations: the agencies' invitations waiting for the signed-in user's answer (docs/users.md "Inviting an
// existing account"). Accepting (after a confirmation) makes the user a member with the invited role and reloads the
// login info, so the new agency is there to switch to; refusing (after a confirmation) or ignoring changes nothing.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Empty, Flex, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { InvitationAnswer, InvitationRole, MyInvitation } from '@edu/contract';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useRefreshLoginInfo } from '../../app/auth-actions';
import { useCall, useSession, useUser } from '../../app/session-context';
import { ResultPage } from '../../components/ResultPage';
import { VisitorNotice } from '../../components/VisitorNotice';
import { INVITATION_TEXTS as T } from './invitation-texts';

/** Where the new member lands in the agency they joined. */
const HOME: Record<InvitationRole, string> = { student: '/student/home', teacher: '/admin', parent: '/parent/' };
const KEY = ['my-invitations'] as const;

export default function InvitationsPage() {
  const user = useUser();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {T.title}
      </Typography.Title>
      {user ? <Invitations /> : <VisitorNotice text={T.visitor} action={T.login} />}
    </Space>
  );
}

function Invitations() {
  const call = useCall();
  const refresh = useRefreshLoginInfo();
  const [joined, setJoined] = useState<InvitationAnswer | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(API.myInvitations) });
  const { modal } = AntApp.useApp();
  const accept = useApiMutation({
    mutationFn: (i: MyInvitation) => call(API.invitationAccept, { params: { id: i.id } }),
    invalidates: [KEY],
    onSuccess: async (answer) => {
      // The new agency and role are in the login info from now on.
      await refresh().catch(() => null);
      setJoined(answer);
    },
  });
  const refuse = useApiMutation({
    mutationFn: (i: MyInvitation) => call(API.invitationRefuse, { params: { id: i.id } }),
    success: T.refused,
    invalidates: [KEY],
  });
  // Both answers ask first (docs/conventions.md §15).
  const askAccept = (i: MyInvitation) =>
    void modal.confirm({
      title: T.acceptTitle(i.agency.name, i.role),
      content: T.acceptBody,
      okText: T.accept,
      cancelText: T.cancel,
      onOk: () => accept.run(i),
    });
  const askRefuse = (i: MyInvitation) =>
    void modal.confirm({
      title: T.refuseTitle(i.agency.name),
      content: T.refuseBody,
      okText: T.refuse,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () => refuse.run(i),
    });

  if (joined) return <Joined answer={joined} onBack={() => setJoined(null)} />;
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={T.loadFailed} description={errorText(list.error)} />;
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {T.intro}
      </Typography.Paragraph>
      {list.data.length === 0 ? (
        <Empty description={T.empty} />
      ) : (
        list.data.map((i) => (
          <Card key={i.id} size="small">
            <Flex wrap gap={12} justify="space-between" align="center">
              <Space orientation="vertical" size={2}>
                <Typography.Text strong>{T.invitedAs(i.agency.name, i.role)}</Typography.Text>
                <Typography.Text type="secondary">
                  {T.invitedBy(i.invitedBy)} · {T.expires(dayjs(i.expiresAt).format('YYYY-MM-DD HH:mm'))}
                </Typography.Text>
              </Space>
              <Space>
                <Button onClick={() => askRefuse(i)}>{T.refuse}</Button>
                <Button type="primary" onClick={() => askAccept(i)}>
                  {T.accept}
                </Button>
              </Space>
            </Flex>
          </Card>
        ))
      )}
    </>
  );
}

/** After an acceptance: the agency joined, and a way into it. */
function Joined({ answer, onBack }: { answer: InvitationAnswer; onBack: () => void }) {
  const { configStore, agencyFixed } = useSession();
  const navigate = useNavigate();
  const enter = () => {
    if (!agencyFixed) configStore.setAgencyId(answer.agency.id);
    void navigate(HOME[answer.role]);
  };
  return (
    <ResultPage
      status="success"
      title={T.joinedTitle(answer.agency.name)}
      subTitle={T.joinedBody}
      extra={[
        <Button key="enter" type="primary" onClick={enter}>
          {T.enter(answer.agency.name)}
        </Button>,
        <Button key="back" onClick={onBack}>
          {T.back}
        </Button>,
      ]}
    />
  );
}
