// Header corner: the user's initial avatar and name with 修改密码 / 退出登录, or a login button for visitors.
// `compact` (phones) shows the avatar alone; the button keeps the name as its accessible name.
import { Button, Dropdown, Space, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useLogout } from '../app/auth-actions';
import { useUser } from '../app/session-context';
import { InitialAvatar } from './InitialAvatar';
import { HEADER_TEXTS } from './texts';

export function UserMenu({ dark, compact }: { dark?: boolean; compact?: boolean }) {
  const user = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Button type="primary" onClick={() => navigate('/')}>
        {HEADER_TEXTS.login}
      </Button>
    );
  }
  const name = user.user?.name || user.user?.username || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'password', icon: <KeyOutlined />, label: HEADER_TEXTS.changePassword },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: HEADER_TEXTS.logout },
        ],
        onClick: ({ key }) => {
          if (key === 'password') void navigate('/password');
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button type="text" aria-label={name} style={{ height: 'auto', padding: '4px 8px' }}>
        <Space size={8}>
          <InitialAvatar name={name} size={28} />
          {!compact && (
            <Typography.Text style={{ color: dark ? '#fff' : undefined, maxWidth: 160 }} ellipsis>
              {name}
            </Typography.Text>
          )}
        </Space>
      </Button>
    </Dropdown>
  );
}
