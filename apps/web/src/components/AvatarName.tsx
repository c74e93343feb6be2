// A person as lists show them (docs/recitation.md "Avatars"): the docs/product.md §9 initial avatar, then the name
// (or what the page puts in its place, e.g. a link on the name).
import type { ReactNode } from 'react';
import { Space } from 'antd';
import { InitialAvatar } from './InitialAvatar';

export function AvatarName({
  name,
  size = 24,
  children,
}: {
  name: string | null | undefined;
  size?: number;
  children?: ReactNode;
}) {
  return (
    <Space size={6} style={{ minWidth: 0 }}>
      <InitialAvatar name={name} size={size} />
      {children ?? name}
    </Space>
  );
}
