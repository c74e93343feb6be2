// The bar above a table while rows are selected: how many, the bulk actions and 取消选择 (docs/users.md "Bulk
// actions").
import type { ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { USER_BULK_MAX } from '@edu/contract';
import { BULK_TEXTS as T } from './texts';

export function BulkBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const { token } = theme.useToken();
  if (count === 0) return null;
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      role="toolbar"
      aria-label={T.selected(count)}
      style={{
        padding: '8px 12px',
        marginBottom: 12,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
      }}
    >
      <Typography.Text strong>{T.selected(count)}</Typography.Text>
      {count >= USER_BULK_MAX && <Typography.Text type="secondary">{T.max(USER_BULK_MAX)}</Typography.Text>}
      {children}
      <Button size="small" type="link" onClick={onClear}>
        {T.clear}
      </Button>
    </Flex>
  );
}
