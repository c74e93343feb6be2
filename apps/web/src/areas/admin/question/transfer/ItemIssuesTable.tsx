// A table of import items with problems: 序号, 行号 (第 n 行, the XML/GIFT line or the Excel row), 标题, 原因.
import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ImportItemError } from '@edu/contract';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.report;

/** 第 n 行, from the item's line (XML, GIFT) or row (Excel); empty when the file said neither. */
export function whereText(item: Pick<ImportItemError, 'line' | 'row'>): string {
  const n = item.line ?? item.row;
  return n === undefined ? '' : T.line(n);
}

const columns: TableColumnsType<ImportItemError> = [
  { title: T.columns.index, dataIndex: 'index', width: 64 },
  { title: T.columns.where, key: 'where', width: 96, render: (_, item) => whereText(item) },
  {
    title: T.columns.title,
    dataIndex: 'title',
    width: 200,
    ellipsis: true,
    render: (title: string) => title || T.untitled,
  },
  {
    title: T.columns.reasons,
    dataIndex: 'reasons',
    render: (reasons: string[]) =>
      reasons.length === 1 ? (
        reasons[0]
      ) : (
        <ul className="import-reasons" style={{ margin: 0, paddingInlineStart: 18 }}>
          {reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      ),
  },
];

export function ItemIssuesTable({
  title,
  items,
  type,
}: {
  title: string;
  items: readonly ImportItemError[];
  /** danger: bad items; secondary: unsupported ones (not blocking). */
  type: 'danger' | 'secondary';
}) {
  if (items.length === 0) return null;
  return (
    <div className={type === 'danger' ? 'import-errors' : 'import-unsupported'} style={{ marginTop: 16 }}>
      <Typography.Text strong type={type === 'danger' ? 'danger' : undefined}>
        {title}
      </Typography.Text>
      <Table<ImportItemError>
        style={{ marginTop: 8 }}
        size="small"
        rowKey={(item) => `${item.index}-${item.line ?? item.row ?? ''}`}
        columns={columns}
        dataSource={items}
        pagination={items.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      />
    </div>
  );
}
