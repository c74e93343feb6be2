// 设置管理员: the platform admin gives an agency an admin (docs/users.md "An agency's first admin") — a new account
// whose one-time password is shown once, or an existing account named by its username.
import { useEffect } from 'react';
import { Alert, Form, Input, Radio } from 'antd';
import type { Agency, CreatedAgencyAdmin } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { showFieldErrors } from '../common/field-errors';
import { NameItem } from '../common/fields';
import { FormModal } from '../common/FormModal';
import { AGENCY_TEXTS } from '../texts';

const T = AGENCY_TEXTS;
const A = AGENCY_TEXTS.admins;
/** The contract's username shape (the server checks the part after the agency prefix). */
const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,79}$/;

interface AdminForm {
  mode: 'new' | 'existing';
  name?: string;
  username?: string;
}

type Saved = { mode: 'new'; created: CreatedAgencyAdmin } | { mode: 'existing'; name: string };

export function AgencyAdminModal({
  agency,
  onClose,
  onCreated,
}: {
  /** The agency being given an admin; null: closed. */
  agency: Agency | null;
  onClose: () => void;
  /** A new account was made: its password is to be shown once. */
  onCreated: (created: CreatedAgencyAdmin) => void;
}) {
  const [form] = Form.useForm<AdminForm>();
  const call = useCall();
  const mode = Form.useWatch('mode', form) ?? 'new';
  const open = agency !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useApiMutation<Saved, AdminForm>({
    mutationFn: async (v) => {
      const params = { id: agency!.id };
      if (v.mode === 'existing') {
        const admin = await call(API.agencyAdminAdd, { params, body: { request: { username: v.username!.trim() } } });
        return { mode: 'existing', name: admin.name };
      }
      const request = { name: v.name!.trim(), username: v.username?.trim() || undefined };
      return { mode: 'new', created: await call(API.agencyAdminCreate, { params, body: { request } }) };
    },
    success: (s) => (s.mode === 'existing' ? A.added(s.name) : ''),
    invalidates: [['agencies']],
    onSuccess: (s) => (s.mode === 'new' ? onCreated(s.created) : onClose()),
    onError: (e) => showFieldErrors(form, e, ['name', 'username']),
  });

  return (
    <FormModal<AdminForm>
      open={open}
      title={agency ? A.title(agency.name) : ''}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
      width={520}
      name="agencyAdmin"
    >
      <Form.Item label={A.mode} name="mode" initialValue="new">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'new', label: A.modeNew },
            { value: 'existing', label: A.modeExisting },
          ]}
        />
      </Form.Item>
      <Alert type="info" showIcon title={mode === 'new' ? A.newHint : A.existingHint} style={{ marginBottom: 16 }} />
      {mode === 'new' ? (
        <>
          <NameItem label={A.name} required={A.nameRequired} tooLong={A.nameTooLong} max={40} inputMax={60} />
          <Form.Item
            label={A.username}
            name="username"
            extra={agency ? A.usernameHelp(agency.id) : undefined}
            rules={[{ pattern: USERNAME_RE, message: A.usernameFormat }]}
          >
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label={A.existingUsername}
          name="username"
          rules={[{ required: true, whitespace: true, message: A.existingRequired }]}
        >
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
      )}
    </FormModal>
  );
}
