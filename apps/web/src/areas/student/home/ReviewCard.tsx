// 今日复习: how many wrong answers are due for review now (FSRS, docs/practice-engine.md "Wrong-answer book and
// mastery") and the earliest few; 开始复习 opens the wrong-answer book's review session right here (its own lazy
// chunk), and the home reads again when it closes.
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { StudentHome } from '@edu/contract';
import { PlainCard, PlainList, PlainListItem, PlainSpace, Text } from '../../../components/plain-antd';
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
    <PlainCard title={T.title} extra={<Link to="/student/wrong/list">{T.book(review.all)}</Link>}>
      <PlainSpace orientation="vertical" size={8} style={{ width: '100%' }}>
        {review.due > 0 ? (
          <PlainSpace align="baseline" wrap>
            <div className="ant-statistic">
              <div className="ant-statistic-content" style={{ color: '#cf1322' }}>
                <span className="ant-statistic-content-value">
                  <span className="ant-statistic-content-value-int">{review.due}</span>
                </span>
              </div>
            </div>
            <Text type="secondary">{T.due}</Text>
          </PlainSpace>
        ) : (
          <Text type="secondary">{T.none}</Text>
        )}
        {review.list.length > 0 && (
          <PlainList small>
            {review.list.map((e) => (
              <PlainListItem key={e.questionId} style={{ paddingInline: 0, display: 'block' }}>
                <Text ellipsis style={{ display: 'block' }}>
                  <Link to={`/student/question/answer/record/${e.lastWrongRecordId}`}>
                    {e.title || e.text || T.untitled}
                  </Link>
                </Text>
                <Text type="secondary" style={{ fontSize: 12 }}>
                  {e.knowledgeName} · {T.wrongTimes(e.wrongCount)}
                </Text>
              </PlainListItem>
            ))}
          </PlainList>
        )}
        <Button type="primary" disabled={review.due === 0} onClick={() => setOpen(true)}>
          {T.start}
        </Button>
      </PlainSpace>
      {open && (
        <Suspense fallback={null}>
          <ReviewSession open filters={{}} onClose={close} />
        </Suspense>
      )}
    </PlainCard>
  );
}
