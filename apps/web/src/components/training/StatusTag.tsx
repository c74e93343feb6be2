// A training's status as a coloured tag, and a scheme's type.
import { Tag } from 'antd';
import type { TrainingStatus } from '@edu/contract';
import { TRAIN_TEXTS as T } from './texts';

const COLORS: Record<TrainingStatus, string> = { running: 'processing', finished: 'success', expired: 'warning' };

export function StatusTag({ status }: { status: TrainingStatus }) {
  return <Tag color={COLORS[status]}>{T.statuses[status]}</Tag>;
}

export function TypeTag({ type }: { type: 'general' | 'paper' }) {
  return <Tag color={type === 'paper' ? 'purple' : 'blue'}>{T.types[type]}</Tag>;
}
