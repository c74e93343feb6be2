// Create or edit an owned repository — a question bank's or a train (scheme) repository: name, description,
// subject and grade (what the store searches by, docs/store.md "Listing"), shared to the store.
import { useEffect } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { type QuestionRepo, type TrainRepo } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { GradeSelect, SubjectSelect } from '../common/DictionarySelect';
import { STORE_SHARED_TEXTS } from '../../../components/store/texts';
import { TRAIN_REPO_TEXTS } from '../train-repo-texts';
import { QUESTION_TEXTS } from './texts';

/** What differs between the two kinds of repository: the texts and the noun in the messages. */
const KINDS = {
  question: { texts: QUESTION_TEXTS, noun: '题库' },
  train: { texts: TRAIN_REPO_TEXTS, noun: '方案库' },
} as const;

interface Values {
  name: string;
  description: string;
  shared: boolean;
  subjectId?: string | null;
  gradeId?: string | null;
}

export function RepoFormModal({
  kind = 'question',
  open,
  repo,
  onClose,
  onSaved,
}: {
  kind?: keyof typeof KINDS;
  open: boolean;
  repo: QuestionRepo | TrainRepo | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const call = useCall();
  const { texts, noun } = KINDS[kind];
  const T = texts.repo;
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: repo?.name ?? '',
        description: repo?.description ?? '',
        shared: repo?.shared ?? false,
        subjectId: repo?.subjectId ?? undefined,
        gradeId: repo?.gradeId ?? undefined,
      });
  }, [open, repo, form]);

  const save = useApiMutation({
    mutationFn: (v: Values): Promise<unknown> => {
      const request = {
        name: v.name.trim(),
        description: v.description ?? '',
        shared: !!v.shared,
        subjectId: v.subjectId ?? null,
        gradeId: v.gradeId ?? null,
      };
      if (kind === 'train')
        return repo
          ? call(API.trainRepoUpdate, { params: { id: repo.id }, body: { request } })
          : call(API.trainRepoCreate, { body: { request } });
      return repo
        ? call(API.repoUpdate, { params: { id: repo.id }, body: { request } })
        : call(API.repoCreate, { body: { request } });
    },
    success: T.saved,
    onSuccess: onSaved,
  });

  return (
    <Modal
      open={open}
      title={repo ? T.editTitle(repo.name) : T.createTitle}
      okText={texts.ok}
      cancelText={texts.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={T.name}
          rules={[
            { required: true, whitespace: true, message: `请输入${noun}名称` },
            { max: 64, message: `${noun}名称不超过 64 个字符` },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label={T.description}
          rules={[{ max: 2000, message: `${noun}说明不超过 2000 个字符` }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="subjectId" label={STORE_SHARED_TEXTS.subject}>
          <SubjectSelect placeholder={STORE_SHARED_TEXTS.subject} />
        </Form.Item>
        <Form.Item name="gradeId" label={STORE_SHARED_TEXTS.grade}>
          <GradeSelect placeholder={STORE_SHARED_TEXTS.grade} />
        </Form.Item>
        <Form.Item name="shared" label={T.shared} valuePropName="checked" extra={T.sharedHelp}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
