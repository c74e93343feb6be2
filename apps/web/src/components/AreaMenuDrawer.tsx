// The phone's menu drawer (AreaHeader.tsx's 菜单 button): the area menu and the agency switcher. A chunk of its
// own, loaded when the button is first pressed: antd's Drawer is not part of the first load.
import { Drawer, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { AgencySwitcher } from './AgencySwitcher';
import { HEADER_TEXTS } from './texts';

export function AreaMenuDrawer({
  items,
  selected,
  open,
  onClose,
}: {
  items: MenuProps['items'];
  selected: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={HEADER_TEXTS.menu}
      rootClassName="area-menu-drawer"
      placement="left"
      size={260}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="vertical"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={onClose}
        style={{ borderInlineEnd: 'none' }}
      />
      <div style={{ padding: 16 }}>
        <AgencySwitcher />
      </div>
    </Drawer>
  );
}
