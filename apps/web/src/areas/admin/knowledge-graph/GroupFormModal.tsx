// Create / edit a graph group: name, subject, grade (none: every grade), description.
import { Form, Input } from 'antd';
import type { GraphGroup } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import { showFieldErrors } from '../common/field-errors';
import { GradeSelect, SubjectSelect } from '../common/DictionarySelect';
import { NameItem } from '../common/fields';
import { FormModal, useEditForm } from '../common/FormModal';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.form;

interface GroupForm {
  name: string;
  subjectId?: string;
  gradeId?: string | null;
  description?: string;
}
const FIELDS = new Set(['name', 'subjectId', 'gradeId', 'description']);

export function GroupFormModal({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** null: create. */
  editing: GraphGroup | null;
  onClose: () => void;
  onCreated?: (g: GraphGroup) => void;
}) {
  const form = useEditForm<GroupForm, NonNullable<typeof editing>>(open, editing);
  const call = useCall();

  const save = useApiMutation({
    mutationFn: (v: GroupForm) => {
      const request = {
        name: v.name.trim(),
        subjectId: v.subjectId ?? '',
        gradeId: v.gradeId ?? null,
        description: (v.description ?? '').trim(),
      };
      return editing
        ? call(API.graphGroupUpdate, { params: { id: editing.id }, body: { request } })
        : call(API.graphGroupCreate, { body: { request } });
    },
    success: editing ? T.saved : T.created,
    invalidates: [[GRAPH_KEY]],
    onSuccess: (g) => {
      onClose();
      if (!editing) onCreated?.(g);
    },
    onError: (e) => showFieldErrors(form, e, FIELDS),
  });

  return (
    <FormModal<GroupForm>
      open={open}
      title={editing ? T.editTitle(editing.name) : T.createTitle}
      form={form}
      save={save}
      onClose={onClose}
      texts={{ save: GRAPH_TEXTS.save, cancel: GRAPH_TEXTS.cancel }}
      width={520}
    >
      <NameItem label={T.name} required={T.nameRequired} tooLong={T.nameTooLong} max={60} inputMax={80} />
      <Form.Item label={T.subject} name="subjectId" rules={[{ required: true, message: T.subjectRequired }]}>
        <SubjectSelect aria-label={T.subject} />
      </Form.Item>
      <Form.Item label={T.grade} name="gradeId" extra={T.gradeHint}>
        <GradeSelect aria-label={T.grade} />
      </Form.Item>
      <Form.Item label={T.description} name="description" rules={[{ max: 500, message: T.descriptionTooLong }]}>
        <Input.TextArea rows={3} count={{ show: true, max: 500 }} />
      </Form.Item>
    </FormModal>
  );
}
