// The user menu's dropdown (机构邀请 / 修改密码 / 退出登录), a chunk of its own: antd's Dropdown brings Menu and the popup
// engine, which a first load does not need before the first press (docs/performance.md "Bundle").
import type { ReactNode } from 'react';
import { Dropdown } from 'antd';
import { KeyOutlined, LogoutOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useLogout } from '../app/auth-actions';
import { HEADER_TEXTS } from './texts';

export function UserMenuDropdown({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        items: [
          // Agencies' invitations waiting for an answer (docs/users.md "Inviting an existing account").
          { key: 'invitations', icon: <MailOutlined />, label: HEADER_TEXTS.invitations },
          { key: 'password', icon: <KeyOutlined />, label: HEADER_TEXTS.changePassword },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: HEADER_TEXTS.logout },
        ],
        onClick: ({ key }) => {
          onOpenChange(false);
          if (key === 'invitations') void navigate('/invitations');
          if (key === 'password') void navigate('/password');
          if (key === 'logout') void logout();
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
