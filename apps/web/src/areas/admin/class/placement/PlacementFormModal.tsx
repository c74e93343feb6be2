// Adds or edits a grade's placement test (docs/lessons.md "Placement test"): the grade, a paper of the agency's own and
// 1–5 bands by score rate, each with an optional recommended tutoring class. A new test starts with the thirds.
import { Button, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_PLACEMENT_BANDS,
  PLACEMENT_BAND_NAME_MAX,
  PLACEMENT_MAX_BANDS,
  type PlacementSetting,
} from '@edu/contract';
import { useEffect } from 'react';
import { API } from '../../../../api/routes';
import { fieldErrorsOf, useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useGrades } from '../../../../app/dictionaries';
import { FormModal } from '../../common/FormModal';
import { PLACEMENT_KEY, useEventClasses, usePlacementPapers } from './queries';
import { PLACEMENT_ADMIN_TEXTS } from './texts';

const T = PLACEMENT_ADMIN_TEXTS.form;

interface BandForm {
  minPercent: number | null;
  name: string;
  classId?: string | null;
}
interface PlacementForm {
  gradeId?: string;
  schemeId?: string;
  bands: BandForm[];
}

/** `request.bands.1.name` → `['bands', 1, 'name']`: the server's messages on their fields. */
function showErrors(form: FormInstance<PlacementForm>, error: unknown) {
  const fields = fieldErrorsOf(error)
    .filter((f) => f.path.startsWith('request.'))
    .map((f) => ({
      name: f.path
        .slice('request.'.length)
        .split('.')
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [f.message],
    }));
  // The paths are the form's own field names (request.bands.1.name → bands, 1, name).
  if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
}

const formOf = (s: PlacementSetting | null): PlacementForm =>
  s
    ? {
        gradeId: s.gradeId,
        schemeId: s.schemeId,
        bands: s.bands.map((b) => ({
          minPercent: b.minPercent,
          name: b.name,
          classId: b.recommendedClass?.id ?? null,
        })),
      }
    : { bands: DEFAULT_PLACEMENT_BANDS.map((b) => ({ ...b })) };

export interface PlacementFormModalProps {
  open: boolean;
  /** null: a new grade. */
  editing: PlacementSetting | null;
  /** Grades that have a test already (not offered for a new one). */
  taken: readonly string[];
  onClose: () => void;
}

export function PlacementFormModal({ open, editing, taken, onClose }: PlacementFormModalProps) {
  const call = useCall();
  const [form] = Form.useForm<PlacementForm>();
  const papers = usePlacementPapers(open);
  const classes = useEventClasses(open);
  const grades = useGrades();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(formOf(editing));
  }, [open, editing, form]);

  const save = useApiMutation({
    mutationFn: (v: PlacementForm) =>
      call(API.placementSave, {
        body: {
          request: {
            gradeId: v.gradeId ?? '',
            schemeId: v.schemeId ?? '',
            bands: v.bands.map((b) => ({
              minPercent: b.minPercent ?? 0,
              name: b.name.trim(),
              classId: b.classId ?? null,
            })),
          },
        },
      }),
    success: T.saved,
    invalidates: [[PLACEMENT_KEY]],
    onSuccess: onClose,
    onError: (e) => showErrors(form, e),
  });

  const classOptions = (classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <FormModal<PlacementForm>
      open={open}
      title={editing ? T.editTitle(editing.gradeName) : T.createTitle}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
      width={640}
      name="placement"
    >
      <Form.Item label={T.grade} name="gradeId" rules={[{ required: true, message: T.gradeRequired }]}>
        <Select
          aria-label={T.grade}
          disabled={!!editing}
          loading={grades.isPending}
          options={(grades.data ?? []).map((g) => ({
            value: g.id,
            label: g.name,
            disabled: !editing && taken.includes(g.id),
          }))}
        />
      </Form.Item>
      <Form.Item label={T.paper} name="schemeId" rules={[{ required: true, message: T.paperRequired }]}>
        <Select
          aria-label={T.paper}
          showSearch={{ optionFilterProp: 'label' }}
          loading={papers.isPending}
          options={(papers.data ?? []).map((p) => ({
            value: p.schemeId,
            label: T.paperLabel(p.title, p.questionCount, p.on),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {T.bands}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{T.bandsHelp}</Typography.Paragraph>
      <Form.List name="bands">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item
                  name={[field.name, 'minPercent']}
                  label={i === 0 ? T.minPercent : undefined}
                  rules={[{ required: true, message: T.minRequired }]}
                >
                  <InputNumber
                    aria-label={`${T.minPercent} ${i + 1}`}
                    min={0}
                    max={100}
                    precision={0}
                    disabled={i === 0}
                    style={{ width: 96 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label={i === 0 ? T.name : undefined}
                  rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
                >
                  <Input aria-label={`${T.name} ${i + 1}`} maxLength={PLACEMENT_BAND_NAME_MAX} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'classId']} label={i === 0 ? T.className : undefined}>
                  <Select
                    aria-label={`${T.className} ${i + 1}`}
                    allowClear
                    placeholder={T.noClass}
                    loading={classes.isPending}
                    options={classOptions}
                    style={{ width: 180 }}
                  />
                </Form.Item>
                {i > 0 && (
                  <Button
                    aria-label={`${T.removeBand} ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Space>
            ))}
            {fields.length < PLACEMENT_MAX_BANDS && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  const bands = form.getFieldValue('bands') as BandForm[] | undefined;
                  const last = bands?.[bands.length - 1]?.minPercent ?? 0;
                  add({ minPercent: Math.min(100, last + 1), name: '', classId: null });
                }}
              >
                {T.addBand}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
