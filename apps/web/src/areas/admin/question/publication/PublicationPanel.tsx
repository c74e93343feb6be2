// 公开预览 on the admin question preview: publish the question for anyone to answer (with confirmation), choose
// whether visitors see the standard answer and explanation after answering (访客可查看答案与解析, off by
// default: they see the verdict and score), show the public link with 复制链接 / 打开, and withdraw it (with
// confirmation). Only the owning agency changes it (docs/question-bank.md "Public preview").
import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Input, Space, Switch, Tag, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { publicQuestionPath, type Question } from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { PUBLICATION_TEXTS as T } from './texts';
import { publicationKey, publicLink, usePublication } from './use-publication';

export function PublicationBadge({ id }: { id: string }) {
  const status = usePublication(id);
  return status.data?.published ? <Tag color="green">{T.badge}</Tag> : null;
}

function PublicLink({ id }: { id: string }) {
  const { message } = AntApp.useApp();
  const url = publicLink(publicQuestionPath(id));
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(T.copied);
    } catch {
      void message.warning(T.copyFailed);
    }
  }
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
      <Input readOnly value={url} aria-label={T.link} onFocus={(e) => e.target.select()} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()}>
        {T.copy}
      </Button>
      <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
        {T.open}
      </Button>
    </Space.Compact>
  );
}

export function PublicationPanel({ question }: { question: Pick<Question, 'id' | 'agencyId'> }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const { modal } = AntApp.useApp();
  const status = usePublication(question.id);
  /** The option chosen before publishing (a published question shows its own). */
  const [showAnswer, setShowAnswer] = useState(false);
  const owned = question.agencyId === agencyId;
  const params = { params: { id: question.id } };
  /** Publish (with the answers shown or not) or withdraw; the answer is the new state, `done` the toast. */
  const write = useApiMutation({
    mutationFn: (v: { publish: boolean; showAnswer: boolean; done: string }) =>
      v.publish
        ? call(API.questionPublish, { ...params, body: { request: { showAnswer: v.showAnswer } } })
        : call(API.questionWithdraw, params),
    success: (_state, v) => v.done,
    onSuccess: (state) => queryClient.setQueryData(publicationKey(agencyId, question.id), state),
  });
  const busy = write.isPending;

  const change = (on: boolean) =>
    void modal.confirm({
      title: on ? T.publishTitle : T.withdrawTitle,
      content: on ? T.publishBody(showAnswer) : T.withdrawBody,
      okText: on ? T.publishOk : T.withdrawOk,
      okButtonProps: on ? {} : { danger: true },
      cancelText: T.cancel,
      onOk: () => write.run({ publish: on, showAnswer, done: on ? T.published : T.withdrawn }),
    });

  const pub = status.data;
  const answerSwitch = (checked: boolean, onChange: (v: boolean) => void) => (
    <Space>
      <Switch size="small" checked={checked} disabled={!owned || busy} onChange={onChange} aria-label={T.showAnswer} />
      <Typography.Text>{T.showAnswer}</Typography.Text>
      <Typography.Text type="secondary">{checked ? T.showAnswerOn : T.showAnswerOff}</Typography.Text>
    </Space>
  );
  return (
    <Card
      size="small"
      className="publication-panel"
      title={T.title}
      style={{ marginBottom: 24 }}
      extra={pub && (pub.published ? <Tag color="green">{T.badge}</Tag> : <Tag>{T.notPublished}</Tag>)}
      loading={status.isPending}
    >
      {status.isError ? (
        <Alert type="error" showIcon title={T.loadFailed} description={errorText(status.error)} />
      ) : pub?.published ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {T.since(dayjs(pub.publishedAt).format('YYYY-MM-DD HH:mm'), pub.publishedBy)}
          </Typography.Text>
          <PublicLink id={question.id} />
          {answerSwitch(pub.showAnswer, (v) =>
            write.mutate({ publish: true, showAnswer: v, done: v ? T.answersShown : T.answersHidden }),
          )}
          <Typography.Text type="secondary">{T.heldHint}</Typography.Text>
          {owned ? (
            <Button danger loading={busy} onClick={() => change(false)}>
              {T.withdraw}
            </Button>
          ) : (
            <Typography.Text type="secondary">{T.readOnly}</Typography.Text>
          )}
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{T.offHint}</Typography.Text>
          {owned && answerSwitch(showAnswer, setShowAnswer)}
          {owned ? (
            <Button type="primary" loading={busy} onClick={() => change(true)}>
              {T.publish}
            </Button>
          ) : (
            <Typography.Text type="secondary">{T.readOnly}</Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
