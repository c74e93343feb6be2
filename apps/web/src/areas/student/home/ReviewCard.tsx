// 今日复习: how many wrong answers are due for review now (FSRS, docs/practice-engine.md "Wrong-answer book and
// mastery") and the earliest few; 开始复习 opens the wrong-answer book's review session right here (its own lazy
// chunk), and the home reads again when it closes.
import { lazy, Suspense, useState } from 'react';
import { Button, Card, List, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { StudentHome } from '@edu/contract';
import { homeKeys } from './queries';
import { HOME_TEXTS } from './texts';

const ReviewSession = lazy(() => import('../wrong/ReviewSession').then((m) => ({ default: m.ReviewSession })));

const T = HOME_TEXTS.review;

export function ReviewCard({ review }: { review: StudentHome['review'] }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const close = () => {
    setOpen(false);
    void client.invalidateQueries({ queryKey: homeKeys.all });
  };
  return (
    <Card title={T.title} size="small" extra={<Link to="/student/wrong/list">{T.book(review.all)}</Link>}>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {review.due > 0 ? (
          <Space align="baseline" wrap>
            <Statistic value={review.due} styles={{ content: { color: '#cf1322' } }} />
            <Typography.Text type="secondary">{T.due}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{T.none}</Typography.Text>
        )}
        {review.list.length > 0 && (
          <List
            size="small"
            dataSource={review.list}
            renderItem={(e) => (
              <List.Item key={e.questionId} style={{ paddingInline: 0, display: 'block' }}>
                <Typography.Text ellipsis style={{ display: 'block' }}>
                  <Link to={`/student/question/answer/record/${e.lastWrongRecordId}`}>
                    {e.title || e.text || T.untitled}
                  </Link>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {e.knowledgeName} · {T.wrongTimes(e.wrongCount)}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        <Button type="primary" disabled={review.due === 0} onClick={() => setOpen(true)}>
          {T.start}
        </Button>
      </Space>
      {open && (
        <Suspense fallback={null}>
          <ReviewSession open filters={{}} onClose={close} />
        </Suspense>
      )}
    </Card>
  );
}
