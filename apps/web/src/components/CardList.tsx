// A learner's list on a phone (docs/web.md "Small screens"): below 576 px (`usePhone`) a table's rows become cards —
// the title, where it stands (tags), its score, a secondary line and one primary action as a full-width button —
// every tap target at least 44 px tall (the action, the pager's buttons). `ResponsiveTable` is the table on wider
// screens and these cards on a phone, from the same rows.
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { Button, List, Table, Typography } from 'antd';
import type { PaginationProps, TableProps } from 'antd';
import { useNavigate } from 'react-router';
import { usePhone } from './AreaHeader';
import './card-list.css';

export interface CardAction {
  label: string;
  /** The page it opens: a link (it opens in a new tab too), followed inside the app. */
  to?: string;
  onClick?: () => void;
  /** Filled (the default) or outlined. */
  primary?: boolean;
  loading?: boolean;
  disabled?: boolean;
}

/** What a card shows of one row. */
export interface CardFace {
  title: ReactNode;
  /** Where it stands: tags. */
  state?: ReactNode;
  score?: ReactNode;
  /** Secondary facts on a line of their own (type, time, deadline). */
  meta?: ReactNode;
  action?: CardAction | null;
}

function ActionButton({ action }: { action: CardAction }) {
  const navigate = useNavigate();
  const { to } = action;
  return (
    <Button
      className="card-list-action"
      block
      type={action.primary === false ? 'default' : 'primary'}
      loading={action.loading}
      disabled={action.disabled}
      href={to}
      onClick={(e) => {
        // A plain tap follows the link inside the app; with a modifier key the browser opens it as it would.
        if (to && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) {
          e.preventDefault();
          void navigate(to);
        }
        action.onClick?.();
      }}
    >
      {action.label}
    </Button>
  );
}

export function ListCard({ face }: { face: CardFace }) {
  return (
    <List.Item className="card-list-item">
      <div className="card-list-title">
        <Typography.Text strong>{face.title}</Typography.Text>
      </div>
      {(face.state || face.score !== undefined) && (
        <div className="card-list-state">
          <span>{face.state}</span>
          {face.score !== undefined && <span className="card-list-score">{face.score}</span>}
        </div>
      )}
      {face.meta && (
        <Typography.Text type="secondary" className="card-list-meta">
          {face.meta}
        </Typography.Text>
      )}
      {face.action && <ActionButton action={face.action} />}
    </List.Item>
  );
}

export interface CardListProps<T> {
  items: readonly T[];
  rowKey: (item: T) => string;
  /** The card of a row: what it shows, or the card itself (a `ListCard`, when it needs hooks of its own). */
  card: (item: T, index: number) => CardFace | ReactElement;
  loading?: boolean;
  emptyText?: ReactNode;
  /** The pager as a table would have it; on the cards it is the simple one (‹ 1 / 5 ›) with 44 px buttons. */
  pagination?: PaginationProps | false;
  className?: string;
}

export function CardList<T>({ items, rowKey, card, loading, emptyText, pagination, className }: CardListProps<T>) {
  return (
    <List<T>
      className={`card-list${className ? ` ${className}` : ''}`}
      rowKey={rowKey}
      dataSource={[...items]}
      loading={loading}
      locale={emptyText === undefined ? undefined : { emptyText }}
      pagination={
        pagination
          ? {
              ...pagination,
              simple: true,
              showSizeChanger: false,
              showQuickJumper: false,
              hideOnSinglePage: true,
              align: 'center',
            }
          : false
      }
      renderItem={(item, i) => {
        const c = card(item, i);
        return isValidElement(c) ? c : <ListCard face={c} />;
      }}
    />
  );
}

export interface ResponsiveTableProps<T> extends TableProps<T> {
  card: (item: T, index: number) => CardFace;
  /** The cards' list's class (its rows have `card-list-item`). */
  cardsClassName?: string;
}

/** The table on screens from 576 px, one card per row on a phone. */
export function ResponsiveTable<T extends object>({ card, cardsClassName, ...table }: ResponsiveTableProps<T>) {
  const phone = usePhone();
  if (!phone) return <Table<T> {...table} />;
  const { rowKey, pagination } = table;
  const keyOf = (item: T): string =>
    typeof rowKey === 'function' ? String(rowKey(item)) : String((item as Record<string, unknown>)[String(rowKey)]);
  const emptyText = table.locale?.emptyText;
  const loading = typeof table.loading === 'object' ? table.loading.spinning : table.loading;
  const { position: _ignored, ...pager } = pagination || {};
  return (
    <CardList<T>
      items={table.dataSource ?? []}
      rowKey={keyOf}
      card={card}
      loading={loading}
      emptyText={typeof emptyText === 'function' ? emptyText() : emptyText}
      pagination={pagination === false || pagination === undefined ? false : pager}
      className={cardsClassName}
    />
  );
}
