// Create / edit an agency: id (only on create), name, domain, profile, logo.
import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { AGENCY_ID_RE, type Agency } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { showFieldErrors } from '../common/field-errors';
import { NameItem } from '../common/fields';
import { FormModal } from '../common/FormModal';
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

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (agency) form.setFieldsValue({ ...agency, domain: agency.domain ?? '', profile: agency.profile ?? '' });
  }, [open, agency, form]);

  const save = useApiMutation({
    mutationFn: (v: AgencyForm) => {
      const fields = {
        name: v.name.trim(),
        domain: v.domain?.trim() || null,
        profile: v.profile ?? '',
        logo: v.logo ?? null,
      };
      return agency
        ? call(API.agencyUpdate, { params: { id: agency.id }, body: { request: fields } })
        : call(API.agencyCreate, { body: { request: { id: v.id.trim(), ...fields } } });
    },
    success: agency ? T.saved : T.created,
    onSuccess: onSaved,
    // errno 400 names the fields: besides the toast, each message goes on its field.
    onError: (e) => showFieldErrors(form, e, FIELD_NAMES),
  });

  return (
    <FormModal<AgencyForm>
      open={open}
      title={agency ? T.editTitle(agency.name) : T.createTitle}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
      width={560}
    >
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
      <NameItem
        label={T.fields.name}
        required={T.rules.nameRequired}
        tooLong={T.rules.nameTooLong}
        max={64}
        inputMax={80}
      />
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
    </FormModal>
  );
}
