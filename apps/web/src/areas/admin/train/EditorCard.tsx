// The frame of the scheme editor and paper builder: title, 返回 and the save button, the read-only and
// no-own-repository notes, and the form (disabled when read-only).
import { Alert, Button, Card, Form, Space } from 'antd';
import { useNavigate } from 'react-router';
import { TRAIN_TEXTS } from './texts';
import type { DraftEditor } from './useDraftEditor';

const T = TRAIN_TEXTS.editor;

export interface EditorCardProps {
  title: string;
  saveText: string;
  editor: Pick<DraftEditor<unknown>, 'readOnly' | 'noOwnedRepo' | 'saving' | 'save'>;
  /** More buttons before 返回 (the scheme editor's 模拟). */
  actions?: React.ReactNode;
  children: React.ReactNode;
}

export function EditorCard({ title, saveText, editor, actions, children }: EditorCardProps) {
  const navigate = useNavigate();
  const { readOnly, noOwnedRepo, saving, save } = editor;
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          {actions}
          <Button onClick={() => void navigate('/admin/train/list')}>{TRAIN_TEXTS.back}</Button>
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {saveText}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && <Alert type="info" showIcon title={T.readOnly} style={{ marginBottom: 16 }} />}
      {!readOnly && noOwnedRepo && <Alert type="warning" showIcon title={T.noOwnedRepo} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component={false} disabled={readOnly}>
        {children}
      </Form>
    </Card>
  );
}
