// 分级测试 on the tutoring class list (docs/lessons.md "Placement test"): the tests by grade and the students' results
// in one drawer, two tabs, wide enough for the results' columns (the whole screen on a phone).
import { Drawer, Tabs } from 'antd';
import { PlacementResults } from './PlacementResults';
import { PlacementSettings } from './PlacementSettings';
import { PLACEMENT_ADMIN_TEXTS as T } from './texts';

export function PlacementDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={T.title}
      size={Math.min(1000, window.innerWidth)}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      <Tabs
        items={[
          { key: 'settings', label: T.tabs.settings, children: <PlacementSettings /> },
          { key: 'results', label: T.tabs.results, children: <PlacementResults /> },
        ]}
      />
    </Drawer>
  );
}
