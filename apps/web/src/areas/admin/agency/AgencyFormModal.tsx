// Create / edit an agency: id (only on create), name, domain, profile, logo.
import { useEffect, useState } from 'react';
import { App as AntApp, Form, Input, Modal } from 'antd';
import { AGENCY_ID_RE, API, type Agency } from '@edu/contract';
import { errorText, isEnvelope } from '../../../api/client';
import { useCall } from '../../../app/session-context';
import { AGENCY_TEXTS as T } from '../texts';
import { LogoUpload } from './LogoUpload';

interface AgencyForm {
  id: string;
  name: string;
  domain?: string;
  profile?: string;
  logo?: string | null;
}

const FIELD_NAMES: (keyof AgencyForm)[] = ['id', 'name', 'domain', 'profile', 'logo'];
const DOMAIN_RE = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

export function AgencyFormModal({
  open,
  agency,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: create. */
  agency: Agency | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<AgencyForm>();
  const call = useCall();
  const { message } = AntApp.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (agency) form.setFieldsValue({ ...agency, domain: agency.domain ?? '', profile: agency.profile ?? '' });
  }, [open, agency, form]);

  async function submit(v: AgencyForm) {
    setSaving(true);
    const fields = {
      name: v.name.trim(),
      domain: v.domain?.trim() || null,
      profile: v.profile ?? '',
      logo: v.logo ?? null,
    };
    try {
      if (agency) await call(API.agencyUpdate, { params: { id: agency.id }, body: { request: fields } });
      else await call(API.agencyCreate, { body: { request: { id: v.id.trim(), ...fields } } });
      void message.success(agency ? T.saved : T.created);
      onSaved();
    } catch (e) {
      // errno 400 names the fields: show each message on its field.
      const fieldErrors =
        isEnvelope(e) && e.errno === 400
          ? (e.response as { fields?: { path: string; message: string }[] } | null)?.fields
          : undefined;
      const known = new Set<string>(FIELD_NAMES);
      const onFields = (fieldErrors ?? [])
        .map((f) => ({ name: f.path.split('.').pop() ?? '', errors: [f.message] }))
        .filter((f) => known.has(f.name));
      if (onFields.length) form.setFields(onFields.map((f) => ({ ...f, name: f.name as keyof AgencyForm })));
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={agency ? T.editTitle(agency.name) : T.createTitle}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okText={T.save}
      cancelText={T.cancel}
      width={560}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)}>
        <Form.Item
          label={T.fields.id}
          name="id"
          extra={agency ? undefined : T.fields.idHelp}
          rules={
            agency
              ? []
              : [
                  { required: true, message: T.rules.idRequired },
                  { pattern: AGENCY_ID_RE, message: T.rules.idFormat },
                ]
          }
        >
          <Input disabled={!!agency} maxLength={32} placeholder="demo" />
        </Form.Item>
        <Form.Item
          label={T.fields.name}
          name="name"
          rules={[
            { required: true, whitespace: true, message: T.rules.nameRequired },
            { max: 64, message: T.rules.nameTooLong },
          ]}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          label={T.fields.domain}
          name="domain"
          extra={T.fields.domainHelp}
          rules={[{ pattern: DOMAIN_RE, message: T.rules.domainFormat }]}
        >
          <Input placeholder="demo.example.com" />
        </Form.Item>
        <Form.Item label={T.fields.profile} name="profile" rules={[{ max: 5000, message: T.rules.profileTooLong }]}>
          <Input.TextArea rows={4} showCount maxLength={5000} />
        </Form.Item>
        <Form.Item label={T.fields.logo} name="logo">
          <LogoUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
