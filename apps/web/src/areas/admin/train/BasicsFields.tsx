// The fields a scheme and a paper share (name, repository, time limit, knowledge range), as cells of the caller's row.
import { Col, Form, Input, InputNumber, Select } from 'antd';
import type { TrainRepo } from '@edu/contract';
import { KpMultiPicker } from './KpMultiPicker';
import { toMinutes, toSeconds } from './scheme-model';
import { TRAIN_TEXTS } from './texts';
import type { DraftEditor } from './useDraftEditor';

const T = TRAIN_TEXTS.editor;

export interface SchemeBasics {
  title: string;
  trainRepoId: string;
  timeLimit: number;
  kpRange: string[];
}

export interface BasicsFieldsProps<D extends SchemeBasics> {
  editor: DraftEditor<D>;
  repos: TrainRepo[];
  titleLabel: string;
  titlePlaceholder: string;
  kpRangeHelp?: string;
  /** The md widths of the name, repository, time limit and knowledge range cells. */
  spans: readonly [number, number, number, number];
}

export function BasicsFields<D extends SchemeBasics>({
  editor,
  repos,
  titleLabel,
  titlePlaceholder,
  kpRangeHelp,
  spans,
}: BasicsFieldsProps<D>) {
  const { draft: value, at } = editor;
  const onChange = (patch: Partial<SchemeBasics>) => editor.update((d) => ({ ...d, ...patch }));
  return (
    <>
      <Col xs={24} md={spans[0]}>
        <Form.Item label={titleLabel} required {...at('title')}>
          <Input
            aria-label={titleLabel}
            placeholder={titlePlaceholder}
            value={value.title}
            maxLength={100}
            onChange={(e) => onChange({ title: e.target.value })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={spans[1]}>
        <Form.Item label={T.repo} required {...at('trainRepoId')}>
          <Select
            aria-label={T.repo}
            value={value.trainRepoId || undefined}
            options={repos.map((r) => ({ value: r.id, label: r.name, disabled: !r.owned }))}
            onChange={(trainRepoId: string) => onChange({ trainRepoId })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={spans[2]}>
        <Form.Item label={T.timeLimit} {...at('timeLimit')} extra={T.timeLimitHelp}>
          <InputNumber
            aria-label={T.timeLimit}
            min={0}
            value={toMinutes(value.timeLimit)}
            onChange={(v) => onChange({ timeLimit: toSeconds(v) })}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={spans[3]}>
        <Form.Item label={T.kpRange} {...at('kpRange', true)} extra={kpRangeHelp}>
          <KpMultiPicker
            label={T.kpRange}
            placeholder={T.allKps}
            value={value.kpRange}
            onChange={(kpRange) => onChange({ kpRange })}
          />
        </Form.Item>
      </Col>
    </>
  );
}
