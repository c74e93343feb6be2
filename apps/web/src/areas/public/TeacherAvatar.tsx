// A teacher's avatar: the uploaded picture, else the name's first character (docs/product.md §9).
import { InitialAvatar } from '../../components/InitialAvatar';

export function TeacherAvatar({ name, avatar, size }: { name: string; avatar: string | null; size: number }) {
  return avatar ? (
    <img
      src={`/v1/files/${encodeURIComponent(avatar)}`}
      alt={name}
      style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
    />
  ) : (
    <InitialAvatar name={name} size={size} />
  );
}
