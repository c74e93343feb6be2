// WTP teacher home (/WTPteacher/): homework to correct and tutoring classrooms (filled in by a later issue).
import { Card, Empty, Space, Tag, Typography } from 'antd';
import { useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import { TEACHER_TEXTS } from './texts';

const T = TEACHER_TEXTS.home;

export default function TeacherHome() {
  const user = useUser();
  if (!user) return <VisitorNotice text={T.visitor} action={T.login} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {T.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">{T.intro}</Typography.Text>
      </div>
      {user.agencies.length > 0 && (
        <div>
          <Typography.Text type="secondary">{T.agencies}：</Typography.Text>
          {user.agencies.map((a) => (
            <Tag key={a.id}>{a.name || a.id}</Tag>
          ))}
        </div>
      )}
      <Card>
        <Empty description={T.empty} />
      </Card>
    </Space>
  );
}
