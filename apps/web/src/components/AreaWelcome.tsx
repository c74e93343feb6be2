// A simple area home: greeting, the user's agencies and an empty state until the area's content lands.
import { Card, Empty, Space, Tag, Typography } from 'antd';
import { useUser } from '../app/session-context';
import { VisitorNotice } from './VisitorNotice';

export interface AreaWelcomeTexts {
  visitor: string;
  login: string;
  welcome: (name: string) => string;
  intro: string;
  agencies: string;
  empty: string;
}

export function AreaWelcome({ texts: T }: { texts: AreaWelcomeTexts }) {
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
