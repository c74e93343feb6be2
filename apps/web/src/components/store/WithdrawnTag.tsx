// The red tag of a repository a platform admin withdrew from the store, its reason on hover and, where there is
// room, in text: in the store (已下架) and on the owner's repository lists (已被平台下架, docs/store.md "Withdrawal").
import { Space, Tag, Tooltip, Typography } from 'antd';
import { STORE_SHARED_TEXTS as T } from './texts';

export function WithdrawnTag({
  reason,
  label = T.withdrawn,
  showReason,
}: {
  reason: string;
  label?: string;
  showReason?: boolean;
}) {
  return (
    <Space size={4} wrap>
      <Tooltip title={T.withdrawnBy(reason)}>
        <Tag color="red">{label}</Tag>
      </Tooltip>
      {showReason && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {T.withdrawnBy(reason)}
        </Typography.Text>
      )}
    </Space>
  );
}
