// Page and page size of a filtered table: a new filter value goes back to page 1; the table's pagination settings.
import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { totalNumber } from '../api/page-total';

export type Paging = ReturnType<typeof usePaging>;

/** `onFilter` runs on each filter change too (e.g. to clear a selection). */
export function usePaging(initialSize: number, onFilter?: () => void) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  /** A filter's setter that also goes back to page 1. */
  const filtered =
    <V>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
      onFilter?.();
    };
  /** The pagination of a list of `total` rows; a new page size starts again at page 1. */
  const pagination = (
    total: number | string,
    showTotal: (total: number | string) => string,
  ): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total: totalNumber(total),
    showSizeChanger: true,
    showTotal: () => showTotal(total),
    onChange: (p, s) => {
      setPage(s !== size ? 1 : p);
      setSize(s);
    },
  });
  return { page, size, filtered, pagination };
}
