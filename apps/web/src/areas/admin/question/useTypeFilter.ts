// A table's type filter: its own state, or the caller's when the caller keeps the type (e.g. in the path).
import { useState } from 'react';

/** With `onChange` the type is `fixed` and changes go to the caller; without it the table keeps its own. */
export function useTypeFilter<V>(fixed: V | undefined, onChange?: (type: V | undefined) => void) {
  const [own, setOwn] = useState<V | undefined>();
  const type = onChange ? fixed : own;
  const setType = (v: V | undefined) => (onChange ? onChange(v) : setOwn(v));
  return [type, setType] as const;
}
