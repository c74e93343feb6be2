// admin/user/WTteacher/list: the platform's homework teachers (edu:admin, edu:coach:admin): search, filter by
// agency, paging; create and edit (name, assigned agencies) in a modal (docs/users.md).
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HomeworkTeacher } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { timeColumn, usernameColumn } from '../common/columns';
import { NameItem } from '../common/fields';
import { ListToolbar } from '../common/ListToolbar';
import { showFieldErrors } from '../common/field-errors';
import { FormModal } from '../common/FormModal';
import { SearchInput } from '../common/SearchInput';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { InitialPasswordItem } from './InitialPasswordItem';
import { PasswordOnceModal, type ShownPassword } from './PasswordOnceModal';
import { HW_TEXTS as H, USER_TEXTS as T } from './texts';
import { AvatarName } from '../../../components/AvatarName';

const PAGE_SIZE = 20;
const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,39}$/;

interface HwForm {
  name: string;
  username?: string;
  password?: string;
  agencyIds?: string[];
}
const FIELDS = ['name', 'username', 'password', 'agencyIds'];

function useAgencyOptions() {
  const call = useCall();
  return useQuery({
    queryKey: ['agencies', 'options'],
    queryFn: () => call(API.agencyList, { query: { start: 0, size: 200 } }),
    staleTime: 60_000,
  });
}

function HomeworkTeacherModal({
  open,
  teacher,
  onClose,
  onCreated,
}: {
  open: boolean;
  teacher: HomeworkTeacher | null;
  onClose: () => void;
  onCreated: (shown: ShownPassword) => void;
}) {
  const [form] = Form.useForm<HwForm>();
  const call = useCall();
  const agencies = useAgencyOptions();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (teacher) form.setFieldsValue({ name: teacher.name, agencyIds: teacher.agencies.map((a) => a.id) });
  }, [open, teacher, form]);

  const save = useApiMutation({
    mutationFn: async (v: HwForm) => {
      const agencyIds = v.agencyIds ?? [];
      if (teacher) {
        await call(API.homeworkTeacherEdit, {
          params: { id: teacher.id },
          body: { request: { name: v.name.trim(), agencyIds } },
        });
        return null;
      }
      return call(API.homeworkTeacherCreate, {
        body: {
          request: {
            name: v.name.trim(),
            username: (v.username ?? '').trim(),
            password: v.password || undefined,
            agencyIds,
          },
        },
      });
    },
    success: teacher ? T.saved : T.created,
    invalidates: [['homework-teachers']],
    onSuccess: (made) => {
      if (made) onCreated({ name: made.user.name, username: made.user.username, password: made.password });
      else onClose();
    },
    // `request.agencyIds.0` belongs to the agencies field too.
    onError: (e) => showFieldErrors(form, e, FIELDS, (path) => path.split('.')[1] ?? ''),
  });

  return (
    <FormModal<HwForm>
      open={open}
      title={teacher ? H.editTitle(teacher.name) : H.createTitle}
      form={form}
      save={save}
      onClose={onClose}
      texts={T}
    >
      <NameItem label={T.fields.name} required={T.rules.nameRequired} tooLong={T.rules.nameTooLong} max={40} />
      {!teacher && (
        <>
          <Form.Item
            label={T.fields.username}
            name="username"
            extra={H.usernameHelp}
            rules={[
              { required: true, message: T.rules.usernameRequired },
              { pattern: USERNAME_RE, message: T.rules.usernameFormat },
            ]}
          >
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <InitialPasswordItem />
        </>
      )}
      <Form.Item label={H.agencies} name="agencyIds" extra={H.agenciesHelp}>
        <Select
          mode="multiple"
          allowClear
          loading={agencies.isPending}
          optionFilterProp="label"
          options={(agencies.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.id}）` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

export default function HomeworkTeacherListPage() {
  const call = useCall();
  const agencies = useAgencyOptions();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [agencyId, setAgencyId] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<HomeworkTeacher | null | undefined>(undefined);
  const [shown, setShown] = useState<ShownPassword | null>(null);

  const query = useQuery({
    queryKey: ['homework-teachers', page, size, keyword, agencyId],
    queryFn: () =>
      call(API.homeworkTeacherList, {
        query: { start: (page - 1) * size, size, keyword: keyword || undefined, agencyId },
      }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<HomeworkTeacher> = [
    { title: T.columns.name, dataIndex: 'name', width: 140, render: (n: string) => <AvatarName name={n} /> },
    usernameColumn(T.columns.username, 150),
    {
      title: T.columns.agencies,
      dataIndex: 'agencies',
      render: (list: HomeworkTeacher['agencies']) =>
        list.length ? list.map((a) => <Tag key={a.id}>{a.name}</Tag>) : T.none,
    },
    timeColumn(T.columns.created, 'createTime', 150),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 80,
      render: (_, u) => (
        <Button type="link" size="small" onClick={() => setEditing(u)}>
          {T.edit}
        </Button>
      ),
    },
  ];

  return (
    <Card title={H.title}>
      <ListToolbar
        filters={
          <>
            <SearchInput
              placeholder={H.search}
              style={{ width: 240, maxWidth: '100%' }}
              onSearch={paging.filtered(setKeyword)}
            />
            <Select<string>
              allowClear
              placeholder={H.allAgencies}
              value={agencyId}
              style={{ width: 160 }}
              aria-label={H.agencies}
              onChange={paging.filtered(setAgencyId)}
              options={(agencies.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
            />
          </>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {H.create}
          </Button>
        }
      />
      <PagedTable<HomeworkTeacher>
        rowKey="id"
        columns={columns}
        query={query}
        paging={paging}
        texts={{ empty: H.empty, total: T.total }}
        scroll={{ x: 700 }}
      />
      <HomeworkTeacherModal
        open={editing !== undefined}
        teacher={editing ?? null}
        onClose={() => setEditing(undefined)}
        onCreated={(s) => {
          setEditing(undefined);
          setShown(s);
        }}
      />
      <PasswordOnceModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
