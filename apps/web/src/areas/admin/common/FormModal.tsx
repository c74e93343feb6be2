// The create/edit dialog of the admin pages: a vertical form whose OK button submits it, busy while it saves.
import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** The write that a valid form runs (a mutation of api/mutation.ts); busy while it runs. */
  save: { isPending: boolean; mutate: (values: V) => void };
  onClose: () => void;
  /** The OK and cancel buttons' words. */
  texts: { save: string; cancel: string };
  width?: number;
  /** The form's name: its fields' ids start with it, so two dialogs on one page do not share a field id. */
  name?: string;
  children: ReactNode;
}

/** Rendered while closed too (`forceRender`), so that the page can fill the form before it opens. */
export function FormModal<V>({ open, title, form, save, onClose, texts, width, name, children }: FormModalProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={texts.save}
      cancelText={texts.cancel}
      width={width}
      forceRender
    >
      <Form<V> form={form} name={name} layout="vertical" requiredMark onFinish={(v) => save.mutate(v)}>
        {children}
      </Form>
    </Modal>
  );
}

/**
 * The form of a create/edit dialog: emptied each time the dialog opens, then filled with the record being edited
 * (null: a new one).
 */
export function useEditForm<V, R extends object>(open: boolean, editing: R | null): FormInstance<V> {
  const [form] = Form.useForm<V>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [open, editing, form]);
  return form;
}
