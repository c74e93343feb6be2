// The pending sub-questions of a reading question, each with its evidence and explanation: 采用 / 编辑 / 删除
// (delete confirmed). Every action answers the question's new version (docs/web.md "AI reading"); on the create page
// the actions change the unsaved draft instead (`onLocalAction`, docs/reading.md "Authoring in one flow").
import { useState } from 'react';
import { App as AntApp, Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import type { Question, QuestionSub, ReadingSubAction } from '@edu/contract';
import { useSubAction } from './queries';
import { RichText } from '../../../../components/rich-text/RichText';
import { TYPE_LABELS } from '../texts';
import { decodeEntities } from './entities';
import { SubEditModal } from './SubEditModal';
import { READING_TEXTS } from './texts';

const T = READING_TEXTS.review;

function answerText(sub: QuestionSub): string {
  if (sub.type === 'trueFalse') return sub.answer[0] === 'T' ? T.trueLabel : sub.answer[0] === 'F' ? T.falseLabel : '';
  return decodeEntities(sub.answer.join('；'));
}

export interface ReviewListProps {
  /** The question (its id only used for the server's review calls). */
  question: Pick<Question, 'id' | 'questionSub'>;
  /** While the form holds unsaved changes nothing may be written. */
  disabled: boolean;
  onSaved?: (q: Question) => void;
  /** The create page: the action changes the draft; answers a problem to show (Chinese) or null when done. */
  onLocalAction?: (questionSubId: string, action: ReadingSubAction) => string | null;
}

export function ReviewList({ question, disabled, onSaved, onLocalAction }: ReviewListProps) {
  const server = useSubAction(question.id, onSaved);
  const { message } = AntApp.useApp();
  const local = (v: { questionSubId: string; action: ReadingSubAction }): boolean => {
    const problem = onLocalAction!(v.questionSubId, v.action);
    if (problem) void message.error(problem);
    return problem === null;
  };
  const action = onLocalAction
    ? {
        isPending: false,
        variables: undefined as { questionSubId: string; action: ReadingSubAction } | undefined,
        mutate: (v: { questionSubId: string; action: ReadingSubAction }) => void local(v),
        run: (v: { questionSubId: string; action: ReadingSubAction }) => Promise.resolve(local(v)),
      }
    : server;
  const [editing, setEditing] = useState<QuestionSub | null>(null);
  const pending = question.questionSub
    .map((sub, i) => ({ sub, n: i + 1 }))
    .filter(({ sub }) => sub.status === 'pending');
  const busy = (id: string) => action.isPending && action.variables?.questionSubId === id;

  return (
    <section aria-label={T.title}>
      <Typography.Title level={5}>{T.title}</Typography.Title>
      {pending.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {pending.map(({ sub, n }) => (
            <Card
              key={sub.questionSubId}
              size="small"
              className="reading-review-item"
              title={
                <Space wrap>
                  {T.sub(n)}
                  <Tag>{TYPE_LABELS[sub.type]}</Tag>
                </Space>
              }
            >
              <Space orientation="vertical" style={{ width: '100%' }} size={6}>
                <Typography.Text strong>{decodeEntities(sub.title)}</Typography.Text>
                {sub.desc && <Typography.Text type="secondary">{decodeEntities(sub.desc)}</Typography.Text>}
                {sub.options.length > 0 && (
                  <ol className="reading-review-options" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
                    {sub.options.map((o) => (
                      <li key={o.key}>
                        {o.key}. <RichText inline html={o.content} />
                        {sub.answer.includes(o.key) && (
                          <Tag color="green" style={{ marginLeft: 8 }}>
                            {T.answer}
                          </Tag>
                        )}
                      </li>
                    ))}
                  </ol>
                )}
                {sub.options.length === 0 && (
                  <div>
                    <Typography.Text type="secondary">{T.answer}：</Typography.Text>
                    {answerText(sub)}
                  </div>
                )}
                <div>
                  <Typography.Text type="secondary">{T.evidence}：</Typography.Text>
                  {sub.explanation ? <RichText html={sub.explanation} /> : T.noExplanation}
                </div>
                <Space wrap>
                  <Button
                    type="primary"
                    size="small"
                    disabled={disabled}
                    loading={busy(sub.questionSubId) && action.variables?.action.action === 'accept'}
                    onClick={() => action.mutate({ questionSubId: sub.questionSubId, action: { action: 'accept' } })}
                  >
                    {T.accept}
                  </Button>
                  <Button size="small" disabled={disabled} onClick={() => setEditing(sub)}>
                    {T.edit}
                  </Button>
                  <Popconfirm
                    title={T.removeTitle}
                    description={T.removeBody}
                    okText={T.removeOk}
                    cancelText={T.cancel}
                    okButtonProps={{ danger: true }}
                    disabled={disabled}
                    onConfirm={() => action.run({ questionSubId: sub.questionSubId, action: { action: 'delete' } })}
                  >
                    <Button size="small" danger disabled={disabled}>
                      {T.remove}
                    </Button>
                  </Popconfirm>
                </Space>
              </Space>
            </Card>
          ))}
        </Space>
      )}
      {editing && (
        <SubEditModal
          sub={editing}
          saving={action.isPending}
          onCancel={() => setEditing(null)}
          onSave={(edited) =>
            void action
              .run({ questionSubId: editing.questionSubId, action: { action: 'edit', sub: edited } })
              .then((ok) => ok && setEditing(null))
          }
        />
      )}
    </section>
  );
}
