// A paper's review options in the paper builder (docs/practice-engine.md "Review options"): when finishers see the
// corrections and their score, and, for a saved paper, 发布批改结果 (staff release them; a release stays).
import { App as AntApp, Button, Col, Form, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { REVIEW_AFTER, SHOW_SCORE, type ReviewAfter, type Scheme, type ShowScore } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.paper;
/** The select's value for "the default rule" (null in the draft). */
const DEFAULT = 'default';

export interface ReviewDraft {
  reviewAfter: ReviewAfter | null;
  showScore: ShowScore;
}

export function ReviewOptionsFields({
  value,
  onChange,
}: {
  value: ReviewDraft;
  onChange: (patch: Partial<ReviewDraft>) => void;
}) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label={T.reviewAfter} extra={T.reviewAfterHelp}>
          <Select
            aria-label={T.reviewAfter}
            value={value.reviewAfter ?? DEFAULT}
            options={[DEFAULT, ...REVIEW_AFTER].map((v) => ({ value: v, label: T.reviewAfterLabels[v] }))}
            onChange={(v: string) => onChange({ reviewAfter: v === DEFAULT ? null : (v as ReviewAfter) })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label={T.showScore}>
          <Select
            aria-label={T.showScore}
            value={value.showScore}
            options={SHOW_SCORE.map((v) => ({ value: v, label: T.showScoreLabels[v] }))}
            onChange={(showScore: ShowScore) => onChange({ showScore })}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The saved paper's release: when it happened, or the button (after a confirmation). */
export function ReleaseCorrections({ scheme, readOnly }: { scheme: Scheme; readOnly: boolean }) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const release = useApiMutation({
    mutationFn: () => call(API.schemeRelease, { params: { id: scheme.schemeId } }),
    success: T.releasedOk,
    invalidates: [['scheme'], ['schemes']],
  });
  if (scheme.releasedAt !== null)
    return (
      <Typography.Paragraph type="secondary" className="paper-release">
        {T.released(dayjs(scheme.releasedAt).format('YYYY-MM-DD HH:mm'))}
      </Typography.Paragraph>
    );
  return (
    <Space className="paper-release" style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">{T.notReleased}</Typography.Text>
      {!readOnly && (
        <Button
          loading={release.isPending}
          onClick={() =>
            void modal.confirm({
              title: T.releaseTitle(scheme.title),
              content: T.releaseBody,
              okText: T.release,
              cancelText: TRAIN_TEXTS.cancel,
              onOk: () => release.run(),
            })
          }
        >
          {T.release}
        </Button>
      )}
    </Space>
  );
}
