// The keyword box of a list: searches on Enter or the button with the trimmed text; the clear button searches ''.
import type { CSSProperties } from 'react';
import { Input } from 'antd';

export function SearchInput({
  placeholder,
  style,
  onSearch,
}: {
  placeholder: string;
  style: CSSProperties;
  onSearch: (keyword: string) => void;
}) {
  return <Input.Search allowClear placeholder={placeholder} style={style} onSearch={(v) => onSearch(v.trim())} />;
}
