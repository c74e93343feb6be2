// A knowledge-point row in the tree: name, level, question counts and the actions.
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { KnowledgePoint } from '@edu/contract';
import { KNOWLEDGE_TEXTS as T } from '../texts';
import { canHaveChildren } from './kp-tree';

export interface KpActions {
  onAdd: (p: KnowledgePoint) => void;
  onRename: (p: KnowledgePoint) => void;
  onDelete: (p: KnowledgePoint) => void;
}

const EXTRA_COUNTS = ['exampleRefCount', 'mockRefCount', 'varRefCount'] as const;

export function KpTitle({ point, actions }: { point: KnowledgePoint; actions: KpActions }) {
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <span
      className="kp-node"
      data-code={point.code}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}
    >
      <Typography.Text strong={point.lv === 'subject'}>{point.name}</Typography.Text>
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {T.levels[point.lv]}
      </Tag>
      <Tooltip title={T.countsHint}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.counts.refCount} {point.refCount}
          {EXTRA_COUNTS.filter((k) => point[k] > 0).map((k) => ` · ${T.counts[k]} ${point[k]}`)}
        </Typography.Text>
      </Tooltip>
      <Space size={0} className="kp-actions">
        {canHaveChildren(point) && (
          <Tooltip title={T.addChild}>
            <Button
              size="small"
              type="text"
              icon={<PlusOutlined />}
              aria-label={`${T.addChild} ${point.name}`}
              onClick={stop(() => actions.onAdd(point))}
            />
          </Tooltip>
        )}
        <Tooltip title={T.rename}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={`${T.rename} ${point.name}`}
            onClick={stop(() => actions.onRename(point))}
          />
        </Tooltip>
        <Tooltip title={T.remove}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${T.remove} ${point.name}`}
            onClick={stop(() => actions.onDelete(point))}
          />
        </Tooltip>
      </Space>
    </span>
  );
}
