// /admin/recitation/compare (docs/recitation.md "Text comparison"): two texts side by side, the similarity of
// docs/product.md §5 (`textSimilarity(原文, 对照文本)`) and the differing parts highlighted on each side.
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { RECITATION_TEXT_MAX, textSimilarity } from '@edu/contract';
import { DiffView } from './DiffView';
import { RECITATION_LIST_PATH } from '../../../components/recitation/paths';
import { bandOf, BAND_COLORS } from '../../../components/recitation/scoring';
import { diffTexts } from './text-diff';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.compare;

export default function ComparePage() {
  const navigate = useNavigate();
  const [oldText, setOldText] = useState('');
  const [newText, setNewText] = useState('');
  const a = useDeferredValue(oldText);
  const b = useDeferredValue(newText);
  const ready = a !== '' && b !== '';
  const parts = useMemo(() => (ready ? diffTexts(a, b) : []), [a, b, ready]);
  const score = ready ? textSimilarity(a, b) : null;
  const box = (label: string, value: string, set: (v: string) => void, placeholder: string) => (
    <Input.TextArea
      aria-label={label}
      value={value}
      rows={8}
      showCount
      maxLength={RECITATION_TEXT_MAX}
      placeholder={placeholder}
      onChange={(e) => set(e.target.value)}
    />
  );
  return (
    <Card
      title={T.title}
      extra={<Button onClick={() => navigate(RECITATION_LIST_PATH)}>{RECITATION_TEXTS.editor.back}</Button>}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Typography.Text strong>{T.oldLabel}</Typography.Text>
          {box(T.oldLabel, oldText, setOldText, T.oldPlaceholder)}
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong>{T.newLabel}</Typography.Text>
          {box(T.newLabel, newText, setNewText, T.newPlaceholder)}
        </Col>
      </Row>
      {score === null ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {T.empty}
        </Typography.Paragraph>
      ) : (
        <>
          <Space wrap style={{ margin: '16px 0' }} size="large">
            <Typography.Text
              strong
              style={{ fontSize: 20, color: BAND_COLORS[bandOf(score)] }}
              data-testid="similarity"
            >
              {`${T.similarity} ${score.toFixed(2)}%`}
            </Typography.Text>
            <mark data-kind="removed" style={{ background: '#fff1f0', color: '#cf1322' }}>
              {T.legendRemoved}
            </mark>
            <mark data-kind="added" style={{ background: '#f6ffed', color: '#389e0d' }}>
              {T.legendAdded}
            </mark>
          </Space>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <Card size="small" title={T.oldLabel}>
                <DiffView parts={parts} show="old" />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card size="small" title={T.newLabel}>
                <DiffView parts={parts} show="new" />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
