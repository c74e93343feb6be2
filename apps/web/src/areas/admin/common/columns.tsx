// Columns that several admin lists show alike.
import { Typography, type TableColumnType } from 'antd';
import dayjs from 'dayjs';

// antd cuts a measured ellipsis inside the code box (its border stays whole) when the ellipsis is watched.
const noop = () => undefined;

/** A moment as `YYYY-MM-DD HH:mm`, on one line (a squeezed table wraps its other cells first). */
export function timeColumn<R>(title: string, dataIndex: keyof R & string, width: number): TableColumnType<R> {
  return {
    title,
    dataIndex,
    width,
    render: (t: number) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(t).format('YYYY-MM-DD HH:mm')}</span>,
  };
}

/** A username in code type on one line: a long one ends in an ellipsis and shows whole in its tooltip. */
export function usernameColumn<R>(title: string, width: number): TableColumnType<R> {
  return {
    title,
    dataIndex: 'username',
    width,
    render: (v: string) => (
      <Typography.Text code title={v} ellipsis={{ onEllipsis: noop }}>
        {v}
      </Typography.Text>
    ),
  };
}
