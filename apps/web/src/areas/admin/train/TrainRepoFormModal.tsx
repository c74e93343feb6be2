// Create or edit an owned train repository: name, description, shared to the store.
import { useEffect, useState } from 'react';
import { App as AntApp, Form, Input, Modal, Switch } from 'antd';
import { API, type TrainRepo } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.repo;

interface Values {
  name: string;
  description: string;
  shared: boolean;
}

export function TrainRepoFormModal({
  open,
  repo,
  onClose,
  onSaved,
}: {
  open: boolean;
  repo: TrainRepo | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const call = useCall();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: repo?.name ?? '',
        description: repo?.description ?? '',
        shared: repo?.shared ?? false,
      });
  }, [open, repo, form]);

  async function submit(v: Values) {
    setSaving(true);
    try {
      const request = { name: v.name.trim(), description: v.description ?? '', shared: !!v.shared };
      if (repo) await call(API.trainRepoUpdate, { params: { id: repo.id }, body: { request } });
      else await call(API.trainRepoCreate, { body: { request } });
      void message.success(T.saved);
      onSaved();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={repo ? T.editTitle(repo.name) : T.createTitle}
      okText={TRAIN_TEXTS.ok}
      cancelText={TRAIN_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="name"
          label={T.name}
          rules={[
            { required: true, whitespace: true, message: '请输入方案库名称' },
            { max: 64, message: '方案库名称不超过 64 个字符' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label={T.description}
          rules={[{ max: 2000, message: '方案库说明不超过 2000 个字符' }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="shared" label={T.shared} valuePropName="checked" extra={T.sharedHelp}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
