// docs/product.md §9 avatar: a grey circle with the name's first character in white bold.
import { Avatar } from 'antd';
import { avatarInitial } from '@edu/contract';

export function InitialAvatar({ name, size = 32 }: { name: string | null | undefined; size?: number }) {
  return (
    <Avatar
      size={size}
      aria-label={name ?? undefined}
      style={{
        backgroundColor: '#bfbfbf',
        color: '#fff',
        fontWeight: 700,
        flex: 'none',
        fontSize: Math.round(size * 0.45),
      }}
    >
      {avatarInitial(name)}
    </Avatar>
  );
}
