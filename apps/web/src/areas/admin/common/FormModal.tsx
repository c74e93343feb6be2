// The create/edit dialog of the admin pages: a vertical form whose OK button submits it, busy while it saves.
import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** The save mutation is running. */
  saving: boolean;
  onClose: () => void;
  onFinish: (values: V) => void;
  okText: string;
  cancelText: string;
  width?: number;
  children: ReactNode;
}

/** Rendered while closed too (`forceRender`), so that the page can fill the form before it opens. */
export function FormModal<V>({
  open,
  title,
  form,
  saving,
  onClose,
  onFinish,
  okText,
  cancelText,
  width,
  children,
}: FormModalProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okText={okText}
      cancelText={cancelText}
      width={width}
      forceRender
    >
      <Form<V> form={form} layout="vertical" requiredMark onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
