// Staff's editor of one comment (on the whole training or on one answer): shows it with 修改/删除 when the
// user may change it, or a text box to write it; saving empty text is refused before any call.
import { useState } from 'react';
import { App as AntApp, Button, Input, Space, Typography } from 'antd';
import { COMMENT_MAX_LENGTH, type TrainingComment } from '@edu/contract';
import { errorText } from '../../api/client';
import { CommentNote } from './CommentNote';
import { COMMENT_TEXTS as T } from './texts';
import { useCommentWrites } from './queries';

export interface CommentEditorProps {
  trainId: string;
  recordId: string | null;
  comment: TrainingComment | null;
  /** False while the training runs: nothing can be written yet. */
  enabled: boolean;
  /** Open the text box at once when there is no comment (the comment on the whole training). */
  openWhenEmpty?: boolean;
  label: string;
}

export function CommentEditor({ trainId, recordId, comment, enabled, openWhenEmpty, label }: CommentEditorProps) {
  const { modal } = AntApp.useApp();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { save, remove } = useCommentWrites(trainId, (e) => setError(errorText(e)));
  const editing = draft !== null || (!comment && openWhenEmpty === true && enabled);
  const text = draft ?? '';

  const submit = async () => {
    const content = text.trim();
    if (!content) return setError(T.required);
    if (await save.run({ recordId, content })) {
      setDraft(null);
      setError(null);
    }
  };

  const confirmRemove = (c: TrainingComment) =>
    void modal.confirm({
      title: T.removeTitle,
      content: T.removeBody,
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: () => remove.run(c.commentId),
    });

  if (editing)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          aria-label={label}
          value={text}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={COMMENT_MAX_LENGTH}
          showCount
          placeholder={T.placeholder}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <Space>
          <Button type="primary" size="small" loading={save.isPending} onClick={() => void submit()}>
            {T.save}
          </Button>
          {(comment || draft !== null) && !(openWhenEmpty && !comment) && (
            <Button size="small" onClick={() => (setDraft(null), setError(null))}>
              {T.cancel}
            </Button>
          )}
        </Space>
      </Space>
    );
  if (!comment)
    return enabled ? (
      <Button size="small" onClick={() => setDraft('')}>
        {T.write}
      </Button>
    ) : null;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <CommentNote comment={comment} />
      {comment.editable && enabled && (
        <Space>
          <Button size="small" onClick={() => setDraft(comment.content)}>
            {T.edit}
          </Button>
          <Button size="small" danger loading={remove.isPending} onClick={() => confirmRemove(comment)}>
            {T.remove}
          </Button>
        </Space>
      )}
    </Space>
  );
}
