// Header corner: the user's initial avatar and name with 修改密码 / 退出登录, or a login button for visitors.
// `compact` (phones) shows the avatar alone; the button keeps the name as its accessible name. The dropdown is
// loaded on the first press (or when the pointer or focus reaches the button), out of the first load
// (docs/performance.md "Bundle").
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useUser } from '../app/session-context';
import { InitialAvatar } from './InitialAvatar';
import { PlainSpace, Text } from './plain-antd';
import { HEADER_TEXTS } from './texts';

const loadDropdown = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

export function UserMenu({ dark, compact }: { dark?: boolean; compact?: boolean }) {
  const user = useUser();
  const navigate = useNavigate();
  /** Pressed once: the dropdown is rendered (and loaded) from then on. */
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!user) {
    return (
      <Button type="primary" onClick={() => navigate('/')}>
        {HEADER_TEXTS.login}
      </Button>
    );
  }
  const name = user.user?.name || user.user?.username || '';
  const button = (
    <Button
      type="text"
      aria-label={name}
      aria-haspopup="menu"
      aria-expanded={open}
      style={{ height: 'auto', padding: '4px 8px' }}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      <PlainSpace size={8}>
        <InitialAvatar name={name} size={28} />
        {!compact && (
          <Text style={{ color: dark ? '#fff' : undefined, maxWidth: 160 }} ellipsis>
            {name}
          </Text>
        )}
      </PlainSpace>
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown open={open} onOpenChange={setOpen}>
        {button}
      </UserMenuDropdown>
    </Suspense>
  );
}
