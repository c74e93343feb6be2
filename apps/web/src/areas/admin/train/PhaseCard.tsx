// One phase of the scheme editor: name, knowledge subtrees, time limit, and its points (add, reorder, remove).
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fieldStatus, IssueText } from './IssueText';
import { KpMultiPicker } from './KpMultiPicker';
import { PointCard } from './PointCard';
import {
  issuesAt,
  issuesUnder,
  knowledgeRange,
  toMinutes,
  toSeconds,
  type Issues,
  type PhaseDraft,
  type PointDraft,
} from './scheme-model';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.editor;

export interface PhaseCardProps {
  index: number;
  count: number;
  phase: PhaseDraft;
  kpRange: string[];
  issues: Issues;
  onRename: (name: string) => void;
  onChange: (patch: Partial<Omit<PhaseDraft, 'points'>>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onPoint: (j: number, patch: Partial<PointDraft>) => void;
  onRenamePoint: (j: number, name: string) => void;
  onMovePoint: (j: number, to: number) => void;
  onRemovePoint: (j: number) => void;
  onAddPoint: () => void;
}

export function PhaseCard(p: PhaseCardProps) {
  const { phase, index, issues } = p;
  const path = `phases.${index}`;
  const range = knowledgeRange(phase.knowledgeIds, p.kpRange);
  const names = phase.points.map((pt) => pt.name);
  const iconButton = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={`${label} ${T.phase(index + 1)}`}
        icon={icon}
        disabled={disabled}
        danger={danger}
        onClick={onClick}
      />
    </Tooltip>
  );
  return (
    <Card
      className="scheme-phase"
      data-index={index}
      style={{ marginBottom: 16 }}
      styles={{ header: { background: '#f0f5ff' } }}
      title={
        <Space>
          {T.phase(index + 1)}
          {phase.phase && <span style={{ fontWeight: 'normal', color: 'rgba(0,0,0,0.45)' }}>{phase.phase}</span>}
        </Space>
      }
      extra={
        <Space size={0}>
          {iconButton(T.moveUp, <ArrowUpOutlined />, () => p.onMove(index - 1), index === 0)}
          {iconButton(T.moveDown, <ArrowDownOutlined />, () => p.onMove(index + 1), index === p.count - 1)}
          {iconButton(T.removePhase, <DeleteOutlined />, p.onRemove, false, true)}
        </Space>
      }
    >
      <IssueText messages={[...issuesAt(issues, path), ...issuesAt(issues, `${path}.points`)]} />
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item label={T.phaseName} {...fieldStatus(issues, `${path}.phase`)}>
            <Input aria-label={T.phaseName} value={phase.phase} onChange={(e) => p.onRename(e.target.value)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            label={T.phaseKps}
            {...fieldStatus(issues, `${path}.knowledgeIds`, true)}
            extra={issuesUnder(issues, `${path}.knowledgeIds`).length ? undefined : T.phaseKpsHelp}
          >
            <KpMultiPicker
              label={T.phaseKps}
              placeholder={T.allKps}
              value={phase.knowledgeIds}
              onChange={(knowledgeIds) => p.onChange({ knowledgeIds })}
              status={issuesUnder(issues, `${path}.knowledgeIds`).length ? 'error' : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={T.phaseTimeLimit} {...fieldStatus(issues, `${path}.timeLimit`)} extra={T.timeLimitHelp}>
            <InputNumber
              aria-label={T.phaseTimeLimit}
              min={0}
              value={toMinutes(phase.timeLimit)}
              onChange={(v) => p.onChange({ timeLimit: toSeconds(v) })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      {phase.points.map((pt, j) => (
        <PointCard
          key={pt.key}
          index={j}
          count={phase.points.length}
          path={`${path}.points.${j}`}
          point={pt}
          pointNames={names}
          issues={issues}
          range={range}
          onChange={(patch) => p.onPoint(j, patch)}
          onRename={(name) => p.onRenamePoint(j, name)}
          onMove={(to) => p.onMovePoint(j, to)}
          onRemove={() => p.onRemovePoint(j)}
        />
      ))}
      <Button icon={<PlusOutlined />} onClick={p.onAddPoint} aria-label={`${T.addPoint} ${T.phase(index + 1)}`}>
        {T.addPoint}
      </Button>
    </Card>
  );
}
