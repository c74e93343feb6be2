// One comment as it is read: the text as written (line breaks kept), its author and when.
import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { TrainingComment } from '@edu/contract';
import { COMMENT_TEXTS as T } from './texts';

export function CommentNote({ comment }: { comment: TrainingComment }) {
  const edited = comment.updateTime - comment.createTime > 1000;
  return (
    <div data-testid={`comment-${comment.commentId}`}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{comment.content}</Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.by(comment.author)} · {dayjs(comment.updateTime).format('YYYY-MM-DD HH:mm')}
        {edited && T.edited}
      </Typography.Text>
    </div>
  );
}
