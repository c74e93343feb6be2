// A class's students and teachers in a drawer: paged list with search, add from the agency's people (a picker
// with search and paging), remove after a confirmation, one or the selected rows at once (docs/users.md "Bulk
// actions"). Read-only for everyone but agency admins and for an archived class.
import { useState } from 'react';
import { Button, Drawer, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { ClassCandidate, ClassMember, ClassPerson, ClassSummary } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { studentInfoPath, studentScoresPath } from './paths';
import { CLASS_KEY, useClassCandidates, useClassMembers, useClassTeachers } from './queries';
import { CLASS_TEXTS } from './texts';
import { TOOLBAR } from './toolbar';
import { AvatarName } from '../../../components/AvatarName';
import { ClassMemberBulkActions } from '../user/bulk/ClassMemberBulkActions';
import { useSelection } from '../user/bulk/useSelection';

const T = CLASS_TEXTS.people;
type Role = 'student' | 'teacher';
const SIZE = 20;
/** The drawer's tables page without a size changer or a total line (so no `texts.total` shows), hidden on one page. */
const SMALL_PAGER = { showSizeChanger: false, showTotal: undefined, hideOnSinglePage: true };

export function ClassPeopleDrawer({ cls, onClose }: { cls: ClassSummary | null; onClose: () => void }) {
  return (
    <Drawer
      open={cls !== null}
      onClose={onClose}
      title={cls ? T.title(cls.name) : ''}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      {cls && (
        <Tabs
          items={[
            { key: 'members', label: T.members, children: <MembersTab cls={cls} /> },
            { key: 'teachers', label: T.teachers, children: <TeachersTab cls={cls} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

const editable = (cls: ClassSummary) => cls.canManage && !cls.archived;

function useRemove(cls: ClassSummary, role: Role) {
  const call = useCall();
  const remove = useConfirmedMutation(
    {
      mutationFn: (p: ClassPerson) =>
        call(role === 'student' ? API.classRemoveMembers : API.classRemoveTeachers, {
          params: { id: cls.id },
          body: { request: { userIds: [p.id] } },
        }),
      success: T.removed,
      invalidates: [[CLASS_KEY]],
    },
    (p) => ({
      title: T.removeTitle(p.name),
      content: T.removeBody,
      okText: T.remove,
      cancelText: CLASS_TEXTS.form.cancel,
      danger: true,
    }),
  );
  return remove.ask;
}

function MembersTab({ cls }: { cls: ClassSummary }) {
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(SIZE);
  const [adding, setAdding] = useState(false);
  const members = useClassMembers(cls.id, { keyword, start: (paging.page - 1) * SIZE, size: SIZE });
  const confirmRemove = useRemove(cls, 'student');
  const selection = useSelection<ClassMember>();
  const columns: TableColumnsType<ClassMember> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (n: string, m) => (
        <AvatarName name={n}>
          <Link to={studentInfoPath(m.id)}>{n}</Link>
        </AvatarName>
      ),
    },
    { title: T.columns.username, dataIndex: 'username' },
    { title: T.columns.joined, dataIndex: 'joinTime', render: (t: number) => dayjs(t).format('YYYY-MM-DD') },
    {
      title: T.columns.actions,
      key: 'actions',
      render: (_, m) => (
        <Space size={4} wrap>
          <Link to={studentScoresPath(m.id, cls.id)}>{T.scores}</Link>
          {editable(cls) && (
            <Button type="link" danger size="small" onClick={() => confirmRemove(m)}>
              {T.remove}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div style={TOOLBAR}>
        <SearchInput
          placeholder={T.search}
          style={{ flex: '0 1 220px', minWidth: 0 }}
          onSearch={paging.filtered(setKeyword)}
        />
        {editable(cls) && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {T.addMembers}
          </Button>
        )}
        {cls.archived && <Typography.Text type="secondary">{T.archivedNote}</Typography.Text>}
      </div>
      {editable(cls) && <ClassMemberBulkActions classId={cls.id} selection={selection} />}
      <PagedTable<ClassMember>
        rowKey="id"
        size="small"
        {...(editable(cls) ? { rowSelection: selection.rowSelection } : {})}
        columns={columns}
        query={members}
        paging={paging}
        texts={{ empty: T.emptyMembers, total: String }}
        pagination={SMALL_PAGER}
        scroll={{ x: 480 }}
      />
      <AddPeopleModal cls={cls} role="student" open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function TeachersTab({ cls }: { cls: ClassSummary }) {
  const [adding, setAdding] = useState(false);
  const teachers = useClassTeachers(cls.id);
  const confirmRemove = useRemove(cls, 'teacher');
  const columns: TableColumnsType<ClassPerson> = [
    { title: T.columns.name, dataIndex: 'name', render: (n: string) => <AvatarName name={n} /> },
    { title: T.columns.username, dataIndex: 'username' },
    ...(editable(cls)
      ? [
          {
            title: T.columns.actions,
            key: 'actions',
            render: (_: unknown, p: ClassPerson) => (
              <Button type="link" danger size="small" onClick={() => confirmRemove(p)}>
                {T.remove}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {editable(cls) && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }}>
          {T.addTeachers}
        </Button>
      )}
      {teachers.isError && <Typography.Paragraph type="danger">{errorText(teachers.error)}</Typography.Paragraph>}
      <Table<ClassPerson>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={teachers.data ?? []}
        loading={teachers.isFetching}
        locale={{ emptyText: T.emptyTeachers }}
        pagination={false}
      />
      <AddPeopleModal cls={cls} role="teacher" open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function AddPeopleModal({
  cls,
  role,
  open,
  onClose,
}: {
  cls: ClassSummary;
  role: Role;
  open: boolean;
  onClose: () => void;
}) {
  const call = useCall();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(SIZE);
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = useClassCandidates(cls.id, { role, keyword, start: (paging.page - 1) * SIZE, size: SIZE }, open);
  const add = useApiMutation({
    mutationFn: (userIds: string[]) =>
      call(role === 'student' ? API.classAddMembers : API.classAddTeachers, {
        params: { id: cls.id },
        body: { request: { userIds } },
      }),
    success: (r) => T.added(r.changed),
    invalidates: [[CLASS_KEY]],
    onSuccess: () => {
      setPicked([]);
      onClose();
    },
  });
  const columns: TableColumnsType<ClassCandidate> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (n: string, c) => (
        <Space size={4}>
          {n}
          {c.inClass && <Tag>{T.inClass}</Tag>}
        </Space>
      ),
    },
    { title: T.columns.username, dataIndex: 'username' },
  ];
  return (
    <Modal
      open={open}
      title={role === 'student' ? T.addMembers : T.addTeachers}
      onCancel={onClose}
      onOk={() => add.mutate(picked)}
      okButtonProps={{ disabled: picked.length === 0 }}
      confirmLoading={add.isPending}
      okText={T.add}
      cancelText={CLASS_TEXTS.form.cancel}
      width={560}
      destroyOnHidden
    >
      <div style={TOOLBAR}>
        <SearchInput
          placeholder={T.search}
          style={{ flex: '0 1 220px', minWidth: 0 }}
          onSearch={paging.filtered(setKeyword)}
        />
        <Typography.Text type="secondary">{T.selected(picked.length)}</Typography.Text>
      </div>
      <PagedTable<ClassCandidate>
        rowKey="id"
        size="small"
        columns={columns}
        query={candidates}
        paging={paging}
        texts={{ empty: T.emptyCandidates, total: String }}
        pagination={SMALL_PAGER}
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys.map(String)),
          getCheckboxProps: (c) => ({ disabled: c.inClass, 'aria-label': c.name }),
        }}
      />
    </Modal>
  );
}
