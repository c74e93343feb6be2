// 公开预览 on the admin question preview: publish the question for anyone to answer (with confirmation), show
// the public link with 复制链接 / 打开, and withdraw it (with confirmation). Only the owning agency changes it.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { API, publicQuestionPath, type Question, type QuestionPublication } from '@edu/contract';
import { errorText } from '../../../../api/client';
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
  const { message, modal } = AntApp.useApp();
  const status = usePublication(question.id);
  const [busy, setBusy] = useState(false);
  const owned = question.agencyId === agencyId;
  const params = { params: { id: question.id } };

  const change = (publish: boolean) =>
    void modal.confirm({
      title: publish ? T.publishTitle : T.withdrawTitle,
      content: publish ? T.publishBody : T.withdrawBody,
      okText: publish ? T.publishOk : T.withdrawOk,
      okButtonProps: publish ? {} : { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        setBusy(true);
        try {
          const next: QuestionPublication = publish
            ? await call(API.questionPublish, params)
            : await call(API.questionWithdraw, params);
          queryClient.setQueryData(publicationKey(agencyId, question.id), next);
          void message.success(publish ? T.published : T.withdrawn);
        } catch (e) {
          void message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      },
    });

  const pub = status.data;
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
