// task/create and task/{taskId}/modify (docs/tasks.md): a scheme or a paper given to one class or to chosen
// students, with a window in China Standard Time, a late policy and the homework flag. Staff who may not write
// the task (docs/product.md §6 lets them onto the page) see it read-only.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { TaskDetail, TaskFieldsInput, TaskLatePolicy } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { fieldErrorsOf, useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { cstDayEnd, fromPicker, toPicker } from './format';
import { taskDashboardPath } from './paths';
import { TASK_KEY, useTask, useTaskClassOptions, useTaskSchemes, useTaskStudentOptions } from './queries';
import { TASK_TEXTS } from './texts';

const T = TASK_TEXTS.form;

interface Values {
  title: string;
  schemeId?: string;
  target: 'class' | 'students';
  classId?: string;
  studentIds: string[];
  window: [Dayjs, Dayjs];
  latePolicy: TaskLatePolicy;
  latePenalty: number;
  homework: boolean;
}

function initialValues(task: TaskDetail | undefined, classId: string | null, now: number): Values {
  if (!task)
    return {
      title: '',
      target: 'class',
      classId: classId ?? undefined,
      studentIds: [],
      window: [toPicker(now), toPicker(cstDayEnd(now, 7))],
      latePolicy: 'none',
      latePenalty: 20,
      homework: true,
    };
  return {
    title: task.title,
    schemeId: task.schemeId,
    target: task.classId ? 'class' : 'students',
    classId: task.classId ?? undefined,
    studentIds: task.students.map((s) => s.userId),
    window: [toPicker(task.startTime), toPicker(task.deadline)],
    latePolicy: task.latePolicy,
    latePenalty: task.latePolicy === 'penalty' ? task.latePenalty : 20,
    homework: task.homework,
  };
}

export function TaskCreatePage() {
  return <TaskForm />;
}

export function TaskModifyPage() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  if (task.isPending) return <PageSpinner />;
  if (task.isError) return <ResultPage status="error" title={TASK_TEXTS.loadFailed} subTitle={errorText(task.error)} />;
  return <TaskForm task={task.data} />;
}

function TaskForm({ task }: { task?: TaskDetail }) {
  const navigate = useNavigate();
  const call = useCall();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const schemes = useTaskSchemes();
  const classes = useTaskClassOptions();
  const students = useTaskStudentOptions(keyword);
  const [now] = useState(() => Date.now());
  const initial = useMemo(() => initialValues(task, params.get('classId'), now), [task, params, now]);
  const target = Form.useWatch('target', form) ?? initial.target;
  const policy = Form.useWatch('latePolicy', form) ?? initial.latePolicy;
  const readOnly = task !== undefined && !task.editable;

  const save = useApiMutation({
    mutationFn: (request: TaskFieldsInput) =>
      task
        ? call(API.taskUpdate, { params: { id: task.taskId }, body: { request } })
        : call(API.taskCreate, { body: { request } }),
    success: task ? T.saved : T.created,
    invalidates: [[TASK_KEY]],
    onSuccess: (saved) => navigate(taskDashboardPath(saved.taskId)),
    onError: (err) => {
      const fields = fieldErrorsOf(err).map((f) => {
        const name = f.path.replace(/^request\./, '');
        return { name: name === 'startTime' || name === 'deadline' ? 'window' : name, errors: [f.message] };
      });
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
    },
  });

  const submit = (v: Values) =>
    void save.run({
      title: v.title,
      schemeId: v.schemeId ?? '',
      classId: v.target === 'class' ? (v.classId ?? null) : null,
      studentIds: v.target === 'students' ? v.studentIds : [],
      startTime: fromPicker(v.window[0]),
      deadline: fromPicker(v.window[1]),
      latePolicy: v.latePolicy,
      latePenalty: v.latePolicy === 'penalty' ? v.latePenalty : 0,
      homework: v.homework,
    });

  // The chosen students stay selectable by name while the search shows others.
  const studentOptions = useMemo(() => {
    const known = new Map((task?.students ?? []).map((s) => [s.userId, s]));
    for (const s of students.data ?? []) known.set(s.userId, s);
    return [...known.values()].map((s) => ({ value: s.userId, label: `${s.name}（${s.username}）` }));
  }, [students.data, task]);

  return (
    <Card title={task ? T.modifyTitle : T.createTitle} style={{ maxWidth: 760 }}>
      {readOnly && <Alert type="info" showIcon title={TASK_TEXTS.noEdit} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item name="title" label={T.title} rules={[{ required: true, whitespace: true, message: T.required }]}>
          <Input maxLength={100} placeholder={T.titlePlaceholder} />
        </Form.Item>
        <Form.Item name="schemeId" label={T.scheme} rules={[{ required: true, message: T.required }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={schemes.isPending}
            placeholder={T.schemePlaceholder}
            options={(schemes.data?.list ?? []).map((s) => ({
              value: s.schemeId,
              label: `${s.title}（${s.type === 'paper' ? T.paperTag : T.generalTag}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="target" label={T.target}>
          <Radio.Group
            options={[
              { value: 'class', label: T.targetClass },
              { value: 'students', label: T.targetStudents },
            ]}
          />
        </Form.Item>
        {target === 'class' ? (
          <Form.Item name="classId" label={T.klass} rules={[{ required: true, message: T.required }]}>
            <Select
              loading={classes.isPending}
              placeholder={T.classPlaceholder}
              notFoundContent={T.noClass}
              options={(classes.data ?? []).map((c) => ({
                value: c.classId,
                label: `${c.name}（${c.studentCount} 人）`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="studentIds" label={T.students} rules={[{ required: true, message: T.required }]}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={T.studentsPlaceholder}
              options={studentOptions}
            />
          </Form.Item>
        )}
        <Form.Item
          name="window"
          label={T.window}
          extra={T.windowHint}
          rules={[{ required: true, message: T.required }]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="latePolicy" label={T.latePolicy}>
          <Select
            style={{ maxWidth: 320 }}
            options={(['none', 'late', 'penalty'] as const).map((p) => ({ value: p, label: TASK_TEXTS.policies[p] }))}
          />
        </Form.Item>
        {policy === 'penalty' && (
          <Form.Item name="latePenalty" label={T.latePenalty} rules={[{ required: true, message: T.required }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        )}
        <Form.Item name="homework" valuePropName="checked">
          <Checkbox>{T.homework}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={readOnly}>
            {task ? T.submitModify : T.submitCreate}
          </Button>
          <Button disabled={false} onClick={() => void navigate(-1)}>
            {TASK_TEXTS.back}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
