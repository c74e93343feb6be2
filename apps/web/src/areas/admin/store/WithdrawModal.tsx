// The platform admin's withdrawal of a repository from the store: a required reason (1–200 characters) that
// its owner sees (docs/store.md "Withdrawal").
import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import type { StoreKind, StoreRepo } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { STORE_KEY } from './queries';
import { STORE_TEXTS as T } from './texts';

export function WithdrawModal({
  kind,
  repo,
  onClose,
}: {
  kind: StoreKind;
  repo: StoreRepo | null;
  onClose: () => void;
}) {
  const call = useCall();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (repo) form.resetFields();
  }, [repo, form]);
  const withdraw = useApiMutation({
    mutationFn: (reason: string) =>
      call(API.storeWithdraw, { params: { kind, id: repo!.id }, body: { request: { reason } } }),
    success: T.withdrawDone,
    invalidates: [[STORE_KEY]],
    onSuccess: onClose,
  });
  return (
    <Modal
      open={!!repo}
      title={repo ? T.withdrawTitle(repo.name) : ''}
      okText={T.withdraw}
      okButtonProps={{ danger: true }}
      cancelText={T.cancel}
      confirmLoading={withdraw.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{T.withdrawHelp}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => withdraw.mutate(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={T.reason}
          rules={[
            { required: true, whitespace: true, message: T.reasonRequired },
            { max: 200, message: T.reasonMax },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} showCount maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
