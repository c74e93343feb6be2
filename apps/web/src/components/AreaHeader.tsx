// Top bar shared by the student, parent and teacher layouts: brand, menu, agency switcher, notice bell, user menu.
// The wide menu is antd's markup without antd's Menu, which the first load would otherwise carry
// (docs/performance.md "Bundle"). On a phone (narrower than 576 px) the menu moves into a drawer behind a labelled 菜单 button and the user menu
// shows only the avatar, so the brand is never clipped and nothing scrolls sideways (docs/web.md "Small screens").
import { lazy, Suspense, useState } from 'react';
import { Button, Grid, theme } from 'antd';
import type { MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { AgencySwitcher } from './AgencySwitcher';
import { PlainHorizontalMenu, Text } from './plain-antd';
import { HEADER_TEXTS } from './texts';
import { UserMenu } from './UserMenu';
import './tap-targets.css';

export interface AreaMenuItem {
  key: string;
  label: string;
  path: string;
  /** Paths equal to or below these select the item. */
  match: string[];
}

export function pickSelected(items: readonly AreaMenuItem[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { key: string; len: number } | undefined;
  for (const item of items) {
    for (const m of item.match) {
      if (path === m || path.startsWith(`${m}/`)) {
        if (!best || m.length > best.len) best = { key: item.key, len: m.length };
      }
    }
  }
  return best?.key;
}

/**
 * True on a phone: antd's xs (narrower than 576 px). Only a width that matches switches, so where media queries are
 * unknown (tests, old browsers) the wide layout stays; between 576 and 767 px the horizontal menu's items that do
 * not fit scroll sideways inside it (antd's Menu markup without its code, components/plain-antd.tsx).
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().xs === true;
}

// The notice bell loads after the page (docs/notices.md "The bell"), out of the student's first load.
const NoticeBell = lazy(() => import('./notices/NoticeBell').then((m) => ({ default: m.NoticeBell })));
const AreaMenuDrawer = lazy(() => import('./AreaMenuDrawer').then((m) => ({ default: m.AreaMenuDrawer })));

/** The phone's menu: a 菜单 button opening a drawer (loaded on the first press) with the menu and the agency switcher. */
function PhoneMenu({ items, selected }: { items: MenuProps['items']; selected: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={HEADER_TEXTS.menu}
        aria-expanded={open}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
        style={{ paddingInline: 6 }}
      >
        {HEADER_TEXTS.menu}
      </Button>
      {pressed && (
        <Suspense fallback={null}>
          <AreaMenuDrawer items={items} selected={selected} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function AreaHeader({ brand, items, homePath }: { brand: string; items: AreaMenuItem[]; homePath: string }) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const phone = usePhone();
  const selected = pickSelected(items, pathname);
  const menuItems: MenuProps['items'] = items.map((i) => ({ key: i.key, label: <Link to={i.path}>{i.label}</Link> }));
  return (
    <header
      className="ant-layout-header area-header"
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: phone ? '0 8px' : '0 24px',
        display: 'flex',
        alignItems: 'center',
        gap: phone ? 4 : 24,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {phone && <PhoneMenu items={menuItems} selected={selected} />}
      <Link to={homePath} className="area-brand" style={{ minWidth: 0, flex: phone ? 1 : undefined }}>
        <Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {brand}
        </Text>
      </Link>
      {!phone && (
        <PlainHorizontalMenu
          items={items.map((i) => ({ key: i.key, label: <Link to={i.path}>{i.label}</Link> }))}
          selected={selected}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
      )}
      {!phone && <AgencySwitcher />}
      <Suspense fallback={null}>
        <NoticeBell />
      </Suspense>
      <UserMenu compact={phone} />
    </header>
  );
}
