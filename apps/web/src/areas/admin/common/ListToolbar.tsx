// The row above a list: its filters on the left, its actions on the right; both wrap on a narrow screen.
import type { ReactNode } from 'react';
import { Flex } from 'antd';

export function ListToolbar({ filters, actions }: { filters: ReactNode; actions: ReactNode }) {
  return (
    <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        {filters}
      </Flex>
      {actions}
    </Flex>
  );
}
