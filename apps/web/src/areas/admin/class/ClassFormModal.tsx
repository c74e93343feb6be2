// Create / edit a class: name, grade, subject, description (the kind is the list's).
import { Form, Input } from 'antd';
import type { ClassKind, ClassSummary } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { showFieldErrors } from '../common/field-errors';
import { GradeSelect, SubjectSelect } from '../common/DictionarySelect';
import { NameItem } from '../common/fields';
import { FormModal, useEditForm } from '../common/FormModal';
import { CLASS_KEY } from './queries';
import { CLASS_TEXTS } from './texts';

const T = CLASS_TEXTS.form;

interface ClassForm {
  name: string;
  gradeId?: string | null;
  subjectId?: string | null;
  description?: string;
}
const FIELDS = new Set(['name', 'gradeId', 'subjectId', 'description']);

export function ClassFormModal({
  open,
  kind,
  editing,
  onClose,
}: {
  open: boolean;
  kind: ClassKind;
  /** null: create. */
  editing: ClassSummary | null;
  onClose: () => void;
}) {
  const form = useEditForm<ClassForm, NonNullable<typeof editing>>(open, editing);
  const call = useCall();

  const save = useApiMutation({
    mutationFn: (v: ClassForm) => {
      const fields = {
        name: v.name.trim(),
        gradeId: v.gradeId ?? null,
        subjectId: v.subjectId ?? null,
        description: v.description ?? '',
      };
      return editing
        ? call(API.classUpdate, { params: { id: editing.id }, body: { request: fields } })
        : call(API.classCreate, { body: { request: { kind, ...fields } } });
    },
    success: editing ? T.saved : T.created,
    invalidates: [[CLASS_KEY]],
    onSuccess: onClose,
    onError: (e) => showFieldErrors(form, e, FIELDS),
  });

  return (
    <FormModal<ClassForm>
      open={open}
      title={editing ? T.editTitle(editing.name) : T.createTitle(kind)}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
      width={520}
    >
      <NameItem label={T.name} required={T.nameRequired} tooLong={T.nameTooLong} max={64} inputMax={80} />
      <Form.Item label={T.grade} name="gradeId">
        <GradeSelect aria-label={T.grade} />
      </Form.Item>
      <Form.Item label={T.subject} name="subjectId">
        <SubjectSelect aria-label={T.subject} />
      </Form.Item>
      <Form.Item label={T.description} name="description">
        <Input.TextArea rows={3} showCount maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
