// The agency switcher's select (AgencySwitcher.tsx decides whether it shows; a chunk of its own, since antd's
// Select is a sizeable part of a first load that most users, with one agency, never need).
import { Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginInfo } from '@edu/contract';
import { useAppConfig, useSession } from '../app/session-context';
import { HEADER_TEXTS } from './texts';

export function AgencySelect({ agencies }: { agencies: LoginInfo['agencies'] }) {
  const { configStore } = useSession();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  return (
    <Space size={6}>
      <Typography.Text type="secondary">{HEADER_TEXTS.agency}</Typography.Text>
      <Select
        aria-label={HEADER_TEXTS.agency}
        value={agencyId}
        style={{ minWidth: 160 }}
        showSearch={{ optionFilterProp: 'label' }}
        options={agencies.map((a) => ({ value: a.id, label: a.name || a.id }))}
        onChange={(id: string) => {
          configStore.setAgencyId(id);
          // Cached reads belong to the old agency.
          void queryClient.invalidateQueries();
        }}
      />
    </Space>
  );
}
