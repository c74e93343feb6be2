// The table of a filtered, paged list query: its load error above, its rows, its empty text and its paging.
import { Table, Typography, type TablePaginationConfig, type TableProps } from 'antd';
import { errorText } from '../api/client';
import type { Paging } from './usePaging';

/** What the table reads of a list query (a useQuery result of a page). */
export interface ListQuery<R> {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  data?: { total: number | string; list: R[] };
}

export interface PagedTableProps<R> extends Omit<TableProps<R>, 'dataSource' | 'loading' | 'locale' | 'pagination'> {
  query: ListQuery<R>;
  paging: Paging;
  /** The empty text and the total line (the page's texts). */
  texts: { empty: string; total: (total: number | string) => string };
  /** Changes to the usual pagination (e.g. no size changer, small). */
  pagination?: TablePaginationConfig;
}

export function PagedTable<R extends object>({ query, paging, texts, pagination, ...table }: PagedTableProps<R>) {
  return (
    <>
      {query.isError && <Typography.Paragraph type="danger">{errorText(query.error)}</Typography.Paragraph>}
      <Table<R>
        {...table}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: texts.empty }}
        pagination={{ ...paging.pagination(query.data?.total ?? 0, texts.total), ...pagination }}
      />
    </>
  );
}
