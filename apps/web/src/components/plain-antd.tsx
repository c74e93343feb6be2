// antd's Card, List and Typography.Text as their plain markup, for the pages of the student's first load
// (docs/performance.md "Bundle"): the app runs antd in zero-runtime mode, so antd's prebuilt stylesheet styles
// these class names exactly as it styles antd's own components (docs/performance.md "antd's styles"), without
// the components' code (the List alone brought Pagination, Select and a virtual list). Only what those pages
// use: no loading state, no pagination, no editing or copying. Each root carries the theme's CSS-variable class,
// as antd's own do.
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { ANTD_CSS_VAR_KEY } from '../app/antd-css-var';

const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The theme's CSS-variable class antd puts on each component's root: antd's stylesheet scopes the component
 * variables (paddings, heights) to it (app/antd-css-var.ts).
 */
const useVarClass = (): string => ANTD_CSS_VAR_KEY;

export interface PlainCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  hoverable?: boolean;
  /** Only the head (a title bar), as antd's card with its body hidden. */
  headOnly?: boolean;
  /** Data attributes go on the root like the other HTML attributes. */
  [data: `data-${string}`]: string | undefined;
}

/** antd's `<Card size="small">`. */
export function PlainCard({ title, extra, hoverable, headOnly, className, children, ...rest }: PlainCardProps) {
  const vars = useVarClass();
  return (
    <div
      {...rest}
      className={cls('ant-card ant-card-bordered ant-card-small', hoverable && 'ant-card-hoverable', vars, className)}
    >
      {(title || extra) && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title && <div className="ant-card-head-title">{title}</div>}
            {extra && <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      {!headOnly && <div className="ant-card-body">{children}</div>}
    </div>
  );
}

/** antd's `<Card.Meta>`. */
export function PlainCardMeta({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="ant-card-meta">
      <div className="ant-card-meta-section">
        <div className="ant-card-meta-title">{title}</div>
        {description && <div className="ant-card-meta-description">{description}</div>}
      </div>
    </div>
  );
}

/** antd's `<List split>` (all items, no pagination); `small` is `size="small"`. */
export function PlainList({ small, children }: { small?: boolean; children: ReactNode }) {
  const vars = useVarClass();
  return (
    <div className={cls('ant-list ant-list-split', small && 'ant-list-sm', vars)}>
      <ul className={cls('ant-list-items ant-list-container', vars)}>{children}</ul>
    </div>
  );
}

/** antd's `<List.Item>` with its `actions`. */
export function PlainListItem({
  actions,
  style,
  children,
}: {
  actions?: ReactNode[];
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <li className="ant-list-item" style={style}>
      {children}
      {actions && actions.length > 0 && (
        <ul className="ant-list-item-action">
          {actions.map((a, i) => (
            <li key={i}>{a}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** antd's `<List.Item.Meta>`. */
export function PlainListItemMeta({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <h4 className="ant-list-item-meta-title">{title}</h4>
        {description && <div className="ant-list-item-meta-description">{description}</div>}
      </div>
    </div>
  );
}

/** antd's `<Typography.Text>`: `type`, `strong` and a one-line `ellipsis`. */
export function Text({
  type,
  strong,
  ellipsis,
  style,
  children,
}: {
  type?: 'secondary' | 'danger' | 'success' | 'warning';
  strong?: boolean;
  ellipsis?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const vars = useVarClass();
  return (
    <span
      className={cls(
        'ant-typography',
        vars,
        type && `ant-typography-${type}`,
        ellipsis && 'ant-typography-ellipsis ant-typography-ellipsis-single-line',
      )}
      style={style}
    >
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

export interface PlainMenuItem {
  key: string;
  label: ReactNode;
}

/**
 * antd's `<Menu mode="horizontal">` of links, without its overflow fold: items that do not fit scroll sideways
 * inside the menu (class `plain-menu`, styles.css) instead of folding into "…".
 */
export function PlainHorizontalMenu({
  items,
  selected,
  style,
}: {
  items: PlainMenuItem[];
  selected?: string;
  style?: CSSProperties;
}) {
  const vars = useVarClass();
  return (
    <ul
      className={cls(
        'ant-menu-overflow ant-menu ant-menu-root ant-menu-horizontal ant-menu-light ant-menu-css-var plain-menu',
        vars,
      )}
      role="menu"
      style={style}
    >
      {items.map((i) => (
        <li
          key={i.key}
          role="menuitem"
          className={cls(
            'ant-menu-overflow-item ant-menu-item ant-menu-item-only-child',
            i.key === selected && 'ant-menu-item-selected',
          )}
        >
          <span className="ant-menu-title-content">{i.label}</span>
        </li>
      ))}
    </ul>
  );
}

const SPACE_SIZES = { small: 8, middle: 16, large: 24 } as const;
type SpaceSize = keyof typeof SPACE_SIZES | number;
const gap = (s: SpaceSize) => (typeof s === 'number' ? s : SPACE_SIZES[s]);

/** antd's `<Space>`: each child in an item, `size` a gap or [column, row] gaps. */
export function PlainSpace({
  orientation = 'horizontal',
  size = 'small',
  align,
  wrap,
  style,
  children,
}: {
  orientation?: 'horizontal' | 'vertical';
  size?: SpaceSize | [SpaceSize, SpaceSize];
  align?: 'start' | 'end' | 'center' | 'baseline';
  wrap?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [column, row] = Array.isArray(size) ? size : [size, size];
  const items = (Array.isArray(children) ? children : [children]).filter(
    (c) => c !== null && c !== undefined && c !== false && c !== '',
  );
  return (
    <div
      className={cls(
        'ant-space',
        `ant-space-${orientation}`,
        (align ?? (orientation === 'horizontal' ? 'center' : undefined)) && `ant-space-align-${align ?? 'center'}`,
      )}
      style={{ ...(wrap ? { flexWrap: 'wrap' } : {}), columnGap: gap(column), rowGap: gap(row), ...style }}
    >
      {items.map((c, i) => (
        <div key={i} className="ant-space-item">
          {c}
        </div>
      ))}
    </div>
  );
}

/** antd's `<Tag>` with one of its preset colours (or none). */
export function PlainTag({ color, children }: { color?: string; children: ReactNode }) {
  const vars = useVarClass();
  return (
    <span className={cls('ant-tag ant-tag-filled', color && color !== 'default' && `ant-tag-${color}`, vars)}>
      {children}
    </span>
  );
}
