// admin/tag/list: the agency's tags with counts; create, rename, merge into another, delete. System tags are fixed.
import { useState } from 'react';
import { App as AntApp, Button, Card, Form, Input, Modal, Select, Space, Table, Tag as AntTag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { TagName, type Tag } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { useTags } from './queries';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.tag;

/** One write of the dialog: which kind (for the success text) and the call. */
type TagWrite = { mode: 'create' | 'rename' | 'merge'; run: () => Promise<unknown> };

type Editing = { mode: 'create' } | { mode: 'rename'; tag: Tag } | { mode: 'merge'; tag: Tag } | null;

export default function TagListPage() {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const tags = useTags();
  const [editing, setEditing] = useState<Editing>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = tags.data ?? [];
  const save = useApiMutation({
    mutationFn: (w: TagWrite) => w.run(),
    success: (_, w) => (w.mode === 'merge' ? T.merged : T.saved),
    invalidates: [['tags']],
    // Shown on the dialog's field, where the name is typed again.
    error: 'none',
    onSuccess: () => setEditing(null),
    onError: (e) => setError(errorText(e)),
  });
  const remove = useApiMutation({
    mutationFn: (tag: Tag) => call(API.tagDelete, { params: { id: tag.id } }),
    success: T.removed,
    invalidates: [['tags']],
  });

  const open = (next: Editing) => {
    setEditing(next);
    setValue(next?.mode === 'rename' ? next.tag.name : '');
    setError(null);
  };

  function submit() {
    if (!editing) return;
    let run: () => Promise<unknown>;
    if (editing.mode === 'merge') {
      if (!value) return setError(T.mergeTargetRequired);
      run = () => call(API.tagMerge, { params: { id: editing.tag.id }, body: { request: { into: value } } });
    } else {
      const parsed = TagName.safeParse({ name: value });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
      const request = parsed.data;
      run =
        editing.mode === 'rename'
          ? () => call(API.tagRename, { params: { id: editing.tag.id }, body: { request } })
          : () => call(API.tagCreate, { body: { request } });
    }
    save.mutate({ mode: editing.mode, run });
  }

  const confirmRemove = (tag: Tag) =>
    void modal.confirm({
      title: T.removeTitle(tag.name),
      content: T.removeBody(tag.questionCount),
      okText: T.remove,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: () => remove.run(tag),
    });

  const columns: TableColumnsType<Tag> = [
    { title: T.columns.name, dataIndex: 'name' },
    {
      title: T.columns.kind,
      key: 'kind',
      width: 120,
      render: (_, t) => (t.key ? <AntTag color="purple">{T.system}</AntTag> : <AntTag>{T.custom}</AntTag>),
    },
    { title: T.columns.count, dataIndex: 'questionCount', width: 100 },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 200,
      render: (_, t) =>
        t.key ? null : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => open({ mode: 'rename', tag: t })}>
              {T.rename}
            </Button>
            <Button type="link" size="small" onClick={() => open({ mode: 'merge', tag: t })}>
              {T.merge}
            </Button>
            <Button type="link" size="small" danger onClick={() => confirmRemove(t)}>
              {T.remove}
            </Button>
          </Space>
        ),
    },
  ];

  const title =
    editing?.mode === 'merge'
      ? T.mergeTitle(editing.tag.name)
      : editing?.mode === 'rename'
        ? T.renameTitle(editing.tag.name)
        : T.createTitle;
  return (
    <Card
      title={T.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'create' })}>
          {T.create}
        </Button>
      }
    >
      <Table<Tag>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={tags.isFetching}
        locale={{ emptyText: tags.isError ? errorText(tags.error) : T.empty }}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        title={title}
        okText={T.ok}
        cancelText={T.cancel}
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={submit}>
          {editing?.mode === 'merge' ? (
            <Form.Item
              label={T.mergeTarget}
              extra={T.mergeHelp}
              validateStatus={error ? 'error' : undefined}
              help={error}
            >
              <Select
                aria-label={T.mergeTarget}
                showSearch
                optionFilterProp="label"
                value={value || undefined}
                options={list.filter((t) => t.id !== editing.tag.id).map((t) => ({ value: t.id, label: t.name }))}
                onChange={(v: string) => {
                  setValue(v);
                  setError(null);
                }}
              />
            </Form.Item>
          ) : (
            <Form.Item label={T.name} validateStatus={error ? 'error' : undefined} help={error}>
              <Input
                aria-label={T.name}
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(null);
                }}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
