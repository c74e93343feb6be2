// /student/recitation/:id (docs/recitation.md "Practice"): the text sentence by sentence; the student types each
// sentence from memory and checks it: the docs/product.md §5 similarity per sentence in a colour band, a total over
// all sentences, and the sentence's linked image shown as a hint.
import { useState } from 'react';
import { Alert, Button, Card, Image, Input, List, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { Recitation } from '@edu/contract';
import { errorText } from '../../../api/client';
import { STUDENT_RECITATION_PATH } from '../../../components/recitation/paths';
import { useRecitation } from '../../../components/recitation/queries';
import { bandOf, BAND_COLORS, BAND_LABELS, sentenceScore, totalScore } from '../../../components/recitation/scoring';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.practice;

export default function PracticePage() {
  const { id } = useParams();
  const r = useRecitation(id);
  if (r.isPending) return <Spin />;
  if (r.isError) return <Alert type="error" showIcon message={T.notFound} description={errorText(r.error)} />;
  return <Practice key={r.data.id} recitation={r.data} />;
}

export function Practice({ recitation }: { recitation: Recitation }) {
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [scores, setScores] = useState<Record<string, number | null>>({});
  const [peek, setPeek] = useState<Record<string, boolean>>({});
  const images = new Map(recitation.images.map((l) => [l.value, l]));
  const all = recitation.sentences.map((s) => scores[s.id] ?? null);
  const total = totalScore(all);
  const checkedCount = all.filter((x) => x !== null).length;
  const check = (sid: string, text: string) =>
    setScores((m) => ({ ...m, [sid]: sentenceScore(text, answers[sid] ?? '') }));
  return (
    <Card title={recitation.title} extra={<Button onClick={() => navigate(STUDENT_RECITATION_PATH)}>{T.back}</Button>}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text strong>{T.total}</Typography.Text>
        <Progress
          type="circle"
          size={64}
          percent={total}
          format={() => total.toFixed(2)}
          strokeColor={BAND_COLORS[bandOf(total)]}
        />
        <Typography.Text data-testid="practice-total">{`${total.toFixed(2)}%（${checkedCount}/${all.length}）`}</Typography.Text>
        <Button
          onClick={() => {
            setAnswers({});
            setScores({});
            setPeek({});
          }}
        >
          {T.reset}
        </Button>
      </Space>
      <List
        dataSource={recitation.sentences}
        renderItem={(s, i) => {
          const score = scores[s.id] ?? null;
          const l = images.get(s.id);
          return (
            <List.Item key={s.id} data-testid="practice-row">
              <Space orientation="vertical" style={{ width: '100%' }} size={6}>
                <Space wrap>
                  <Typography.Text strong>{T.sentenceNo(i + 1)}</Typography.Text>
                  {score !== null && (
                    <Tag color={BAND_COLORS[bandOf(score)]} data-testid="sentence-score">
                      {`${T.checked(score.toFixed(2))} · ${BAND_LABELS[bandOf(score)]}`}
                    </Tag>
                  )}
                  <Button size="small" type="link" onClick={() => setPeek((p) => ({ ...p, [s.id]: !p[s.id] }))}>
                    {peek[s.id] ? T.hideText : T.showText}
                  </Button>
                </Space>
                {peek[s.id] && <Typography.Text type="secondary">{s.text}</Typography.Text>}
                {l && (
                  <Space wrap align="start">
                    <Typography.Text type="secondary">{T.hint}</Typography.Text>
                    <Image src={l.img} alt={l.desc || T.hint} style={{ maxWidth: 200, maxHeight: 140 }} />
                    {l.desc && <Typography.Text type="secondary">{l.desc}</Typography.Text>}
                  </Space>
                )}
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    aria-label={T.sentenceNo(i + 1)}
                    value={answers[s.id] ?? ''}
                    maxLength={1000}
                    placeholder={T.placeholder}
                    onChange={(e) => setAnswers((a) => ({ ...a, [s.id]: e.target.value }))}
                    onPressEnter={() => check(s.id, s.text)}
                  />
                  <Button type="primary" onClick={() => check(s.id, s.text)}>
                    {T.check}
                  </Button>
                </Space.Compact>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
