// Agency switcher: shown when the agency is not fixed by the host name and the user has more than one agency.
import { Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig, useSession, useUser } from '../app/session-context';
import { HEADER_TEXTS } from './texts';

export function AgencySwitcher() {
  const { configStore, agencyFixed } = useSession();
  const { agencyId } = useAppConfig();
  const user = useUser();
  const queryClient = useQueryClient();
  const agencies = user?.agencies ?? [];
  if (agencyFixed || agencies.length <= 1) return null;
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
