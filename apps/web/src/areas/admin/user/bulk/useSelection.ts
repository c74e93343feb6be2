// The rows selected in a paged table, kept across pages (docs/users.md "Bulk actions"): at most USER_BULK_MAX,
// the bound of every bulk call.
import { useState } from 'react';
import type { TableRowSelection } from 'antd/es/table/interface';
import { USER_BULK_MAX } from '@edu/contract';

export interface Selection<R> {
  keys: string[];
  rows: R[];
  rowSelection: TableRowSelection<R>;
  clear: () => void;
}

export function useSelection<R extends { id: string; name: string }>(disabled?: (row: R) => boolean): Selection<R> {
  const [rows, setRows] = useState<R[]>([]);
  const keys = rows.map((r) => r.id);
  const rowSelection: TableRowSelection<R> = {
    selectedRowKeys: keys,
    preserveSelectedRowKeys: true,
    onChange: (next, picked) => {
      // Rows of other pages come back as undefined: keep the ones already known.
      const known = new Map(rows.map((r) => [r.id, r]));
      for (const r of picked) if (r) known.set(r.id, r);
      setRows(
        next
          .map((k) => known.get(String(k)))
          .filter((r): r is R => r !== undefined)
          .slice(0, USER_BULK_MAX),
      );
    },
    getCheckboxProps: (r) => ({
      'aria-label': r.name,
      disabled: disabled?.(r) || (rows.length >= USER_BULK_MAX && !keys.includes(r.id)),
    }),
  };
  return { keys, rows, rowSelection, clear: () => setRows([]) };
}
