// One comment as it is read: the text as written (line breaks kept), its author and when.
import { Typography } from 'antd';
import { type TrainingComment, cstMinutes } from '@edu/contract';
import { COMMENT_TEXTS as T } from './texts';

/** `2026-01-12 08:00` in China Standard Time, as every learner's page shows times (labelled 北京时间). */

export function CommentNote({ comment }: { comment: TrainingComment }) {
  const edited = comment.updateTime - comment.createTime > 1000;
  return (
    <div data-testid={`comment-${comment.commentId}`}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{comment.content}</Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.by(comment.author)} · {T.at(cstMinutes(comment.updateTime))}
        {edited && T.edited}
      </Typography.Text>
    </div>
  );
}
