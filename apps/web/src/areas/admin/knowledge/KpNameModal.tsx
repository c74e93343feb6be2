// One modal for naming a knowledge point: add a child, add a subject, or rename.
import { useLayoutEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { KNOWLEDGE_TEXTS as T } from '../texts';

export interface KpNameModalProps {
  open: boolean;
  title: string;
  initialName?: string;
  confirmLoading: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

export function KpNameModal({ open, title, initialName, confirmLoading, onSubmit, onCancel }: KpNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  // Before the browser paints the opened modal: a name typed at once is never overwritten by a late effect.
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ name: initialName ?? '' });
  }, [open, initialName, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText={T.ok}
      cancelText={T.cancel}
      confirmLoading={confirmLoading}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => onSubmit(v.name.trim())}>
        <Form.Item
          label={T.name}
          name="name"
          rules={[
            { required: true, whitespace: true, message: T.nameRequired },
            { max: 64, message: T.nameTooLong },
          ]}
        >
          <Input placeholder={T.namePlaceholder} autoFocus maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
