// "My records" on student/train/history, loaded lazily: the own history export (all agencies keeping the
// student's records, or one) and leaving the current agency after a confirmation (docs/users.md "Leaving and
// retention", "Own history export").
import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HISTORY_EXPORT_MAX_ANSWERS, agencyRole } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { saveFile } from '../../../api/download';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../../app/session-context';
import { useRefreshLoginInfo } from '../../../app/auth-actions';
import { formatTime } from '../../../components/training/format';
import { LEAVING_TEXTS as T } from './leaving-texts';

const ALL = '';

export default function MyRecordsCard() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const user = useUser();
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useRefreshLoginInfo();
  const [scope, setScope] = useState(ALL);
  const agencies = useQuery({ queryKey: ['my-history-agencies'], queryFn: () => call(API.myHistoryAgencies) });
  const exporter = useApiMutation({
    mutationFn: () => call(API.myHistoryExport, { query: { agency: scope || undefined } }),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.fileName),
  });
  const leave = useApiMutation({
    mutationFn: () => call(API.myMembershipLeave),
    success: T.leftDone,
    onSuccess: async () => {
      await refresh();
      queryClient.clear();
      await navigate('/');
    },
  });
  const isStudent = user?.roles.includes(agencyRole('student', agencyId)) ?? false;
  const agencyName = user?.agencies.find((a) => a.id === agencyId)?.name ?? agencyId;
  const days = agencies.data?.retentionDays ?? 0;

  const confirmLeave = () =>
    void modal.confirm({
      title: T.leaveTitle(agencyName),
      content: T.leaveBody(days),
      okText: T.confirm,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: () => leave.run(),
    });

  return (
    <Card title={T.title} size="small" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {T.exportIntro}
        {T.cap(HISTORY_EXPORT_MAX_ANSWERS.toLocaleString('en-US'))}
      </Typography.Paragraph>
      {agencies.isError && (
        <Typography.Paragraph type="danger">{`${T.loadFailed}：${errorText(agencies.error)}`}</Typography.Paragraph>
      )}
      <Flex wrap gap={8} align="center">
        <Select<string>
          aria-label={T.agencyLabel}
          value={scope}
          loading={agencies.isPending}
          style={{ minWidth: 200, maxWidth: '100%' }}
          onChange={setScope}
          options={[
            { value: ALL, label: T.allAgencies },
            ...(agencies.data?.list ?? []).map((a) => ({
              value: a.id,
              label: a.purgeAt === null ? a.name : `${a.name}（${T.left(formatTime(a.purgeAt).slice(0, 10))}）`,
            })),
          ]}
        />
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() => void exporter.run()}
        >
          {T.export}
        </Button>
      </Flex>
      {isStudent && (
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginTop: 16 }}>
          <Typography.Text type="secondary">{T.leaveIntro}</Typography.Text>
          <Button danger disabled={!agencies.data} loading={leave.isPending} onClick={confirmLeave}>
            {T.leave}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
