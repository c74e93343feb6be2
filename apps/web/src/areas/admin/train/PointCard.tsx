// One training point of the scheme editor: name, selectors (types, tags, fixed questions), repeat, judging,
// requireCorrect, the targets (points of the same phase, @next, @end), and the live preview of what it draws.
import { useState } from 'react';
import { Button, Card, Col, Form, InputNumber, Input, Modal, Radio, Row, Select, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  MARK_STEP,
  MAX_MARK,
  MAX_REPEAT,
  MIN_MARK,
  QUESTION_TYPES,
  type DrawMode,
  type QuestionType,
} from '@edu/contract';
import { useAppConfig, useCall } from '../../../app/session-context';
import { TYPE_LABELS } from '../../../components/texts';
import { useTags } from '../question/queries';
import { fieldStatus, IssueText } from './IssueText';
import { PointPreview } from './PointPreview';
import { QuestionPicker, questionLabel } from './QuestionPicker';
import { questionsByIds } from './queries';
import { END, issuesAt, issuesUnder, NEXT, selectorsOf, type Issues, type PointDraft } from './scheme-model';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.editor;

/** The choices of onOK/onError: the phase's named points, then @next and @end. */
export function targetOptions(pointNames: readonly string[]) {
  const named = [...new Set(pointNames.filter((n) => n.trim() !== ''))];
  return [
    ...named.map((n) => ({ value: n, label: T.targetPoint(n) })),
    { value: NEXT, label: T.targetNext },
    { value: END, label: T.targetEnd },
  ];
}

function FixedQuestions({
  ids,
  onChange,
  status,
}: {
  ids: string[];
  onChange: (ids: string[]) => void;
  status?: 'error';
}) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const [picking, setPicking] = useState(false);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const known = useQuery({
    queryKey: ['question-labels', agencyId, ids],
    queryFn: () => questionsByIds(call, ids),
    enabled: ids.length > 0,
  });
  const labelOf = (id: string) => {
    const q = known.data?.find((x) => x.id === id);
    return `#${id} ${q ? questionLabel(q) : (labels[id] ?? '')}`.trim();
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={T.questionIds}
        mode="multiple"
        allowClear
        open={false}
        suffixIcon={null}
        placeholder={T.questionIdsHelp}
        value={ids}
        options={ids.map((id) => ({ value: id, label: labelOf(id) }))}
        onChange={onChange}
        status={status}
        style={{ width: '100%' }}
        maxTagTextLength={24}
      />
      <Button icon={<SearchOutlined />} onClick={() => setPicking(true)}>
        {T.pickQuestions}
      </Button>
      <Modal
        open={picking}
        title={T.pickTitle}
        width={960}
        onCancel={() => setPicking(false)}
        footer={
          <Button type="primary" onClick={() => setPicking(false)}>
            {T.pickDone}
          </Button>
        }
        destroyOnHidden
      >
        <QuestionPicker
          chosen={new Set(ids)}
          onAdd={(q) => {
            setLabels((l) => ({ ...l, [q.id]: questionLabel(q) }));
            onChange([...ids, q.id]);
          }}
        />
      </Modal>
    </Space.Compact>
  );
}

export interface PointCardProps {
  index: number;
  count: number;
  /** Issue paths of this point start with it: `phases.0.points.1`. */
  path: string;
  point: PointDraft;
  pointNames: string[];
  issues: Issues;
  range: string[] | null;
  onChange: (patch: Partial<PointDraft>) => void;
  onRename: (name: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

export function PointCard(p: PointCardProps) {
  const { point, path, issues, index } = p;
  const tags = useTags();
  const at = (field: string, under = false) => fieldStatus(issues, `${path}.${field}`, under);
  const selectorIssues = [
    ...issuesAt(issues, `${path}.selectors`),
    ...issuesUnder(issues, `${path}.selectors.types`),
    ...issuesUnder(issues, `${path}.selectors.tags`),
  ];
  const targets = targetOptions(p.pointNames);
  return (
    <Card
      size="small"
      className="scheme-point"
      data-index={index}
      style={{ marginBottom: 12, background: '#fafafa' }}
      title={T.point(index + 1)}
      extra={
        <Space size={0}>
          <Tooltip title={T.moveUp}>
            <Button
              type="text"
              size="small"
              aria-label={`${T.moveUp} ${T.point(index + 1)}`}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => p.onMove(index - 1)}
            />
          </Tooltip>
          <Tooltip title={T.moveDown}>
            <Button
              type="text"
              size="small"
              aria-label={`${T.moveDown} ${T.point(index + 1)}`}
              icon={<ArrowDownOutlined />}
              disabled={index === p.count - 1}
              onClick={() => p.onMove(index + 1)}
            />
          </Tooltip>
          <Tooltip title={T.removePoint}>
            <Button
              type="text"
              size="small"
              danger
              aria-label={`${T.removePoint} ${T.point(index + 1)}`}
              icon={<DeleteOutlined />}
              onClick={p.onRemove}
            />
          </Tooltip>
        </Space>
      }
    >
      <IssueText messages={issuesAt(issues, path)} />
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item label={T.pointName} {...at('name')}>
                <Input aria-label={T.pointName} value={point.name} onChange={(e) => p.onRename(e.target.value)} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={T.types}>
                <Select
                  aria-label={T.types}
                  mode="multiple"
                  allowClear
                  placeholder={T.anyType}
                  value={point.types}
                  options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                  onChange={(types: QuestionType[]) => p.onChange({ types })}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={T.tags}>
                <Select
                  aria-label={T.tags}
                  mode="multiple"
                  allowClear
                  placeholder={T.anyTag}
                  value={point.tags}
                  options={(tags.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
                  onChange={(v: string[]) => p.onChange({ tags: v })}
                />
              </Form.Item>
            </Col>
          </Row>
          <IssueText messages={selectorIssues} />
          <Form.Item label={T.questionIds} {...at('selectors.questionIds', true)}>
            <FixedQuestions
              ids={point.questionIds}
              onChange={(questionIds) => p.onChange({ questionIds })}
              status={issuesUnder(issues, `${path}.selectors.questionIds`).length ? 'error' : undefined}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={5}>
              <Form.Item label={T.repeat} {...at('repeat')}>
                <InputNumber
                  aria-label={T.repeat}
                  min={1}
                  max={MAX_REPEAT}
                  precision={0}
                  value={point.repeat}
                  onChange={(v) => p.onChange({ repeat: v ?? 0 })}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item label={T.requireCorrect} {...at('requireCorrect')}>
                <InputNumber
                  aria-label={T.requireCorrect}
                  min={0}
                  max={MAX_REPEAT}
                  precision={0}
                  value={point.requireCorrect}
                  onChange={(v) => p.onChange({ requireCorrect: v ?? 0 })}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item label={T.mark} tooltip={T.markHelp} {...at('mark')}>
                <InputNumber
                  aria-label={T.mark}
                  min={MIN_MARK}
                  max={MAX_MARK}
                  step={MARK_STEP}
                  precision={1}
                  value={point.mark}
                  onChange={(v) => p.onChange({ mark: v ?? 0 })}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item label={T.judgeWay} {...at('judgeWay')}>
                <Radio.Group
                  aria-label={T.judgeWay}
                  value={point.judgeWay}
                  onChange={(e) => p.onChange({ judgeWay: e.target.value as PointDraft['judgeWay'] })}
                  options={[
                    { value: 'once', label: T.judgeOnce },
                    { value: 'retry', label: T.judgeRetry },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={T.draw} tooltip={T.drawHelp} {...at('draw')}>
            <Select
              aria-label={T.draw}
              value={point.draw}
              options={[
                { value: 'least-seen', label: T.drawLeastSeen },
                { value: 'ability', label: T.drawAbility },
              ]}
              onChange={(draw: DrawMode) => p.onChange({ draw })}
              style={{ maxWidth: 240 }}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item label={T.onOK} {...at('onOK')} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={T.onOK}
                  value={point.onOK}
                  options={targets}
                  onChange={(onOK: string) => p.onChange({ onOK })}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={T.onError} {...at('onError')} style={{ marginBottom: 0 }}>
                <Select
                  aria-label={T.onError}
                  value={point.onError}
                  options={targets}
                  onChange={(onError: string) => p.onChange({ onError })}
                />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={9}>
          <div
            style={{ borderLeft: '3px solid #e6f4ff', paddingLeft: 12, minHeight: 80 }}
            className="scheme-point-preview"
          >
            <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{TRAIN_TEXTS.preview.title}</div>
            <PointPreview selectors={selectorsOf(point)} range={p.range} repeat={point.repeat} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
