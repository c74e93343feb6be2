// The agency admin's dialogs of a tutoring class's lessons (docs/lessons.md): 排课 (teacher and student of the class,
// title, day and clock in 北京时间, minutes, 每周重复 n 周), 调课 (this lesson or it and the later ones of its series)
// and 取消课程 (a reason, the same scope), which is the confirmation itself.
import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { Lesson } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { FormModal } from '../common/FormModal';
import { showFieldErrors } from '../common/field-errors';
import { LESSON_KEY, useLessonOptions } from '../../../components/lessons/queries';
import { lessonWhen } from '../../../components/lessons/LessonParts';
import { LESSON_TEXTS, SCHEDULE_TEXTS as S } from '../../../components/lessons/texts';
import { cstDayStart, toPicker } from '../../../components/lessons/time';
import {
  formFieldOf,
  lessonRules,
  REASON_MAX,
  rescheduleDefaults,
  scheduleDefaults,
  startOf,
  TITLE_MAX,
  toLessonFields,
  type CancelValues,
  type RescheduleValues,
  type ScheduleValues,
} from './lesson-form';

const rules = lessonRules(() => Date.now());

/** A day before today (北京时间) cannot be picked. */
const beforeToday = (d: Dayjs) => d.isBefore(toPicker(cstDayStart(Date.now())), 'day');

/** Title, day, clock and minutes: what scheduling and moving ask alike. */
function TimeFields() {
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name="title" label={S.title} rules={rules.title}>
        <Input maxLength={TITLE_MAX + 10} placeholder={S.titlePlaceholder} />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
        <Form.Item name="date" label={S.date} rules={rules.date} style={{ flex: '1 1 160px' }}>
          <DatePicker style={{ width: '100%' }} disabledDate={beforeToday} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="time"
          label={S.time}
          rules={rules.time(() => form.getFieldValue('date') as Dayjs | undefined)}
          dependencies={['date']}
          style={{ flex: '1 1 140px' }}
        >
          <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item name="minutes" label={S.minutes} rules={rules.minutes} style={{ flex: '1 1 120px' }}>
          <InputNumber step={5} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </>
  );
}

function ScopeField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} extra={S.scopeHint}>
      <Radio.Group
        options={[
          { value: 'one', label: S.scopeOne },
          { value: 'following', label: S.scopeFollowing },
        ]}
      />
    </Form.Item>
  );
}

export function ScheduleModal({ classId, open, onClose }: { classId: string; open: boolean; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<ScheduleValues>();
  const options = useLessonOptions(classId, open);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(scheduleDefaults(Date.now()));
  }, [open, form]);
  const save = useApiMutation({
    mutationFn: (v: ScheduleValues) => call(API.lessonCreate, { body: { request: toLessonFields(classId, v) } }),
    success: (made) => S.created(made.length),
    invalidates: [[LESSON_KEY]],
    onSuccess: onClose,
    onError: (e) =>
      showFieldErrors(form, e, ['teacherId', 'studentId', 'title', 'time', 'minutes', 'weeks'], formFieldOf),
  });
  const people = (list: { userId: string; name: string; username: string }[] | undefined) =>
    (list ?? []).map((p) => ({ value: p.userId, label: `${p.name}（${p.username}）` }));
  return (
    <FormModal<ScheduleValues>
      open={open}
      title={S.createTitle}
      form={form}
      save={save}
      onClose={onClose}
      texts={{ save: S.save, cancel: S.close }}
      width={600}
      name="lesson-create"
    >
      {options.isError && <Alert type="error" showIcon title={errorText(options.error)} style={{ marginBottom: 16 }} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
        <Form.Item name="teacherId" label={S.teacher} rules={rules.teacherId} style={{ flex: '1 1 200px' }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isPending}
            placeholder={S.teacherPlaceholder}
            notFoundContent={S.noTeachers}
            options={people(options.data?.teachers)}
          />
        </Form.Item>
        <Form.Item name="studentId" label={S.student} rules={rules.studentId} style={{ flex: '1 1 200px' }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isPending}
            placeholder={S.studentPlaceholder}
            notFoundContent={S.noStudents}
            options={people(options.data?.students)}
          />
        </Form.Item>
      </div>
      <TimeFields />
      <Form.Item name="weeks" label={S.weeks} rules={rules.weeks} extra={S.weeksHint}>
        <InputNumber precision={0} suffix={S.weeksSuffix} style={{ width: 140 }} />
      </Form.Item>
    </FormModal>
  );
}

export function RescheduleModal({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<RescheduleValues>();
  useEffect(() => {
    if (!lesson) return;
    form.resetFields();
    form.setFieldsValue(rescheduleDefaults(lesson));
  }, [lesson, form]);
  const save = useApiMutation({
    mutationFn: (v: RescheduleValues) =>
      call(API.lessonReschedule, {
        params: { id: lesson?.lessonId ?? '' },
        body: {
          request: { title: v.title.trim(), startsAt: startOf(v) ?? 0, minutes: v.minutes ?? 0, scope: v.scope },
        },
      }),
    success: S.moved,
    invalidates: [[LESSON_KEY]],
    onSuccess: onClose,
    onError: (e) => showFieldErrors(form, e, ['title', 'time', 'minutes'], formFieldOf),
  });
  return (
    <FormModal<RescheduleValues>
      open={lesson !== null}
      title={lesson ? S.rescheduleTitle(lesson.title) : S.reschedule}
      form={form}
      save={save}
      onClose={onClose}
      texts={{ save: S.save, cancel: S.close }}
      width={600}
      name="lesson-move"
    >
      {lesson && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${lessonWhen(lesson)}（${LESSON_TEXTS.cst}）· ${lesson.teacherName} / ${lesson.studentName}`}
        />
      )}
      <TimeFields />
      {lesson?.seriesId && <ScopeField name="scope" label={S.scope} />}
    </FormModal>
  );
}

/** 取消课程: the dialog asks first (its OK is red) and takes a reason and, for a weekly lesson, the scope. */
export function CancelModal({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const call = useCall();
  const [form] = Form.useForm<CancelValues>();
  useEffect(() => {
    if (!lesson) return;
    form.resetFields();
    form.setFieldsValue({ reason: '', scope: 'one' });
  }, [lesson, form]);
  const cancel = useApiMutation({
    mutationFn: (v: CancelValues) =>
      call(API.lessonCancel, {
        params: { id: lesson?.lessonId ?? '' },
        body: { request: { reason: (v.reason ?? '').trim(), scope: v.scope } },
      }),
    success: S.cancelled,
    invalidates: [[LESSON_KEY]],
    onSuccess: onClose,
  });
  return (
    <Modal
      open={lesson !== null}
      title={lesson ? S.cancelTitle(lesson.title) : S.cancel}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={S.cancelOk}
      okButtonProps={{ danger: true }}
      cancelText={S.keep}
      confirmLoading={cancel.isPending}
      forceRender
    >
      {lesson && (
        <p>
          {lessonWhen(lesson)}（{LESSON_TEXTS.cst}）· {lesson.teacherName} / {lesson.studentName}
        </p>
      )}
      <p>{S.cancelBody}</p>
      <Form<CancelValues> form={form} name="lesson-cancel" layout="vertical" onFinish={(v) => cancel.mutate(v)}>
        <Form.Item name="reason" label={S.reason} rules={rules.reason}>
          <Input.TextArea rows={2} maxLength={REASON_MAX + 20} placeholder={S.reasonPlaceholder} />
        </Form.Item>
        {lesson?.seriesId && <ScopeField name="scope" label={S.cancelScope} />}
      </Form>
    </Modal>
  );
}
