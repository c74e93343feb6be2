// docs/product.md §9 avatar: a grey circle with the name's first character in white bold. antd's Avatar markup
// without its code (components/plain-antd.tsx): the header shows it on every first load (docs/performance.md "Bundle").
import { avatarInitial } from '@edu/contract';

export function InitialAvatar({ name, size = 32 }: { name: string | null | undefined; size?: number }) {
  return (
    <span
      className="ant-avatar ant-avatar-circle ant-avatar-css-var"
      aria-label={name ?? undefined}
      style={{
        width: size,
        height: size,
        lineHeight: `${size}px`,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: '#bfbfbf',
        color: '#fff',
        fontWeight: 700,
        flex: 'none',
        fontSize: Math.round(size * 0.45),
      }}
    >
      {avatarInitial(name)}
    </span>
  );
}
