// Create / edit a student or teacher: name, username and initial password (create only), grade and subjects.
import { useEffect } from 'react';
import { Checkbox, Form, Input } from 'antd';
import { STAFF_ROLE_KINDS, type AgencyUser, type CreatedUser, type StaffRoleKind, agencyRole } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../../app/session-context';
import { showFieldErrors } from '../common/field-errors';
import { GradeSelect, SubjectSelect } from '../common/DictionarySelect';
import { NameItem } from '../common/fields';
import { FormModal } from '../common/FormModal';
import { InitialPasswordItem } from './InitialPasswordItem';
import { USER_TEXTS as T, type MemberKind } from './texts';

interface MemberForm {
  name: string;
  username?: string;
  password?: string;
  gradeId?: string | null;
  subjectIds?: string[];
  staffRoles?: StaffRoleKind[];
}
const FIELD_NAMES: (keyof MemberForm)[] = ['name', 'username', 'password', 'gradeId', 'subjectIds'];
const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,79}$/;

export function MemberFormModal({
  kind,
  open,
  member,
  onClose,
  onCreated,
  onSaved,
}: {
  kind: MemberKind;
  open: boolean;
  /** null: create. */
  member: AgencyUser | null;
  onClose: () => void;
  onCreated: (made: CreatedUser) => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<MemberForm>();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const user = useUser();
  // Staff roles are the agency admin's to give, on an existing teacher.
  const grantsRoles = kind === 'teacher' && !!member && !!user?.roles.includes(agencyRole('admin', agencyId));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (member)
      form.setFieldsValue({
        name: member.name,
        gradeId: member.gradeId,
        subjectIds: member.subjectIds,
        staffRoles: STAFF_ROLE_KINDS.filter((k) => member.roleKinds.includes(k)),
      });
  }, [open, member, form]);

  const create = kind === 'student' ? API.userStudentCreate : API.userTeacherCreate;
  const edit = kind === 'student' ? API.userStudentEdit : API.userTeacherEdit;
  const save = useApiMutation({
    mutationFn: async (v: MemberForm) => {
      // Only students carry a grade: a teacher's form has no grade field and must not clear one.
      const profile = {
        ...(kind === 'student' ? { gradeId: v.gradeId ?? null } : {}),
        subjectIds: v.subjectIds ?? [],
      };
      if (member) {
        await call(edit, {
          params: { id: member.id },
          body: {
            request: {
              ...(member.canRename ? { name: v.name.trim() } : {}),
              ...profile,
              ...(grantsRoles ? { staffRoles: v.staffRoles ?? [] } : {}),
            },
          },
        });
        return null;
      }
      return call(create, {
        body: {
          request: {
            name: v.name.trim(),
            username: v.username?.trim() || undefined,
            password: v.password || undefined,
            ...profile,
          },
        },
      });
    },
    success: member ? T.saved : T.created,
    invalidates: [['users', kind]],
    onSuccess: (made) => (made ? onCreated(made) : onSaved()),
    onError: (e) => showFieldErrors(form, e, FIELD_NAMES),
  });

  return (
    <FormModal<MemberForm>
      open={open}
      title={member ? T.editTitle(member.name) : T.createTitle(kind)}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
      width={520}
    >
      <NameItem
        label={T.fields.name}
        required={T.rules.nameRequired}
        tooLong={T.rules.nameTooLong}
        max={40}
        extra={member && !member.canRename ? T.renameLocked : undefined}
        disabled={!!member && !member.canRename}
      />
      {!member && (
        <>
          <Form.Item
            label={T.fields.username}
            name="username"
            extra={T.fields.usernameHelp(agencyId)}
            rules={[{ pattern: USERNAME_RE, message: T.rules.usernameFormat }]}
          >
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
          <InitialPasswordItem />
        </>
      )}
      {kind === 'student' && (
        <Form.Item label={T.fields.grade} name="gradeId">
          <GradeSelect />
        </Form.Item>
      )}
      <Form.Item label={T.fields.subjects} name="subjectIds">
        <SubjectSelect mode="multiple" />
      </Form.Item>
      {grantsRoles && (
        <Form.Item label={T.fields.staffRoles} name="staffRoles" extra={T.fields.staffRolesHelp}>
          <Checkbox.Group options={STAFF_ROLE_KINDS.map((k) => ({ value: k, label: T.staffRoleLabels[k] }))} />
        </Form.Item>
      )}
    </FormModal>
  );
}
