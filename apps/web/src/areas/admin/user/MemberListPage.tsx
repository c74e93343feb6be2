// admin/user/student/list and admin/user/teacher/list: the agency's students or teachers with search, filters and
// paging; create and edit in a modal, disable/enable and password reset after a confirmation; rows selected for
// the bulk actions (docs/users.md "Bulk actions").
import { useState } from 'react';
import { Button, Card, Flex, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AgencyTeacher, AgencyUser, MemberStatus } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';
import { useGrades, useSubjects } from '../../../app/dictionaries';
import { timeColumn, usernameColumn } from '../common/columns';
import { ListToolbar } from '../common/ListToolbar';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { EnrolButton } from './enrol/EnrolModal';
import { InviteButton } from './invitations/InviteButton';
import { LeaveStudentButton, LeftStudentsButton } from './LeftStudents';
import { MemberFormModal } from './MemberFormModal';
import { PasswordOnceModal, type ShownPassword } from './PasswordOnceModal';
import { USER_TEXTS as T, type MemberKind } from './texts';
import { AvatarName } from '../../../components/AvatarName';
import { MemberBulkActions } from './bulk/MemberBulkActions';
import { useSelection } from './bulk/useSelection';

const PAGE_SIZE = 20;
type Row = AgencyUser & Partial<Pick<AgencyTeacher, 'profilePublished'>>;

export const teacherProfilePath = (id: string) => `/admin/user/teacher/${encodeURIComponent(id)}/profile`;
export const teacherClassesPath = (id: string, name: string) =>
  `/admin/user/teacher/list/classInfo/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;

function MemberListPage({ kind }: { kind: MemberKind }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const grades = useGrades();
  const subjects = useSubjects();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<MemberStatus>('all');
  const [gradeId, setGradeId] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const selection = useSelection<Row>();

  const list = kind === 'student' ? API.userStudentList : API.userTeacherList;
  const query = useQuery({
    queryKey: ['users', kind, agencyId, page, size, keyword, status, gradeId],
    queryFn: () =>
      call(list, {
        query: { start: (page - 1) * size, size, keyword: keyword || undefined, status, gradeId },
      }) as Promise<{ total: number | string; list: Row[] }>,
    placeholderData: keepPreviousData,
  });

  const disable = kind === 'student' ? API.userStudentDisable : API.userTeacherDisable;
  const enable = kind === 'student' ? API.userStudentEnable : API.userTeacherEnable;
  const reset = kind === 'student' ? API.userStudentResetPassword : API.userTeacherResetPassword;
  const toggle = useConfirmedMutation(
    {
      mutationFn: (u: Row) => call(u.disabled ? enable : disable, { params: { id: u.id } }),
      success: (u) => (u.disabled ? T.disabled : T.enabled),
      invalidates: [['users', kind]],
    },
    (u) => ({
      title: u.disabled ? T.enableTitle(u.name) : T.disableTitle(u.name),
      content: u.disabled ? undefined : T.disableBody,
      okText: T.confirm,
      cancelText: T.cancel,
      danger: !u.disabled,
    }),
  );
  const resetPassword = useConfirmedMutation(
    {
      mutationFn: (u: Row) => call(reset, { params: { id: u.id } }),
      onSuccess: (r, u) => setShown({ name: u.name, username: r.username, password: r.password }),
      invalidates: [['users', kind]],
    },
    (u) => ({
      title: T.resetTitle(u.name),
      content: T.resetBody,
      okText: T.confirm,
      cancelText: T.cancel,
      danger: true,
    }),
  );

  const subjectName = new Map((subjects.data ?? []).map((s) => [s.id, s.name]));
  const columns: TableColumnsType<Row> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      width: 140,
      render: (name: string, u) => (
        <Space size={4} wrap>
          <AvatarName name={name}>
            {kind === 'student' ? <Link to={`/admin/user/student/${u.id}/stats`}>{name}</Link> : name}
          </AvatarName>
          {u.mustChangePassword && <Tag>{T.mustChange}</Tag>}
        </Space>
      ),
    },
    // One line, its end cut with an ellipsis and the whole name in the tooltip (docs/users.md "Pages").
    usernameColumn(T.columns.username, 170),
    ...(kind === 'student'
      ? [{ title: T.columns.grade, dataIndex: 'gradeName', width: 80, render: (g: string | null) => g ?? T.none }]
      : []),
    {
      title: T.columns.subjects,
      dataIndex: 'subjectIds',
      width: 150,
      render: (ids: string[]) => (ids.length ? ids.map((id) => subjectName.get(id) ?? id).join('、') : T.none),
    },
    {
      title: T.columns.status,
      dataIndex: 'disabled',
      width: 90,
      render: (d: boolean) =>
        d ? <Tag color="red">{T.status.disabled}</Tag> : <Tag color="green">{T.status.enabled}</Tag>,
    },
    ...(kind === 'teacher'
      ? [
          {
            title: T.columns.profile,
            dataIndex: 'profilePublished',
            width: 90,
            render: (p: boolean) => (p ? <Tag color="blue">{T.published}</Tag> : <Tag>{T.unpublished}</Tag>),
          },
        ]
      : []),
    timeColumn(T.columns.created, 'createTime', 150),
    {
      title: T.columns.actions,
      key: 'actions',
      width: kind === 'teacher' ? 260 : 230,
      render: (_, u) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(u)}>
            {T.edit}
          </Button>
          {kind === 'teacher' && (
            <>
              <Link to={teacherProfilePath(u.id)}>
                <Button type="link" size="small">
                  {T.profile}
                </Button>
              </Link>
              <Link to={teacherClassesPath(u.id, u.name)}>
                <Button type="link" size="small">
                  {T.classes}
                </Button>
              </Link>
            </>
          )}
          <Button type="link" size="small" danger={!u.disabled} onClick={() => toggle.ask(u)}>
            {u.disabled ? T.enable : T.disable}
          </Button>
          {kind === 'student' && <LeaveStudentButton student={u} />}
          {u.canResetPassword && (
            <Button type="link" size="small" onClick={() => resetPassword.ask(u)}>
              {T.resetPassword}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={T.listTitle(kind)}>
      <ListToolbar
        filters={
          <>
            <SearchInput
              placeholder={T.search}
              style={{ width: 240, maxWidth: '100%' }}
              onSearch={paging.filtered(setKeyword)}
            />
            <Select<MemberStatus>
              value={status}
              style={{ width: 120 }}
              aria-label={T.columns.status}
              onChange={paging.filtered(setStatus)}
              options={(['all', 'enabled', 'disabled'] as const).map((s) => ({ value: s, label: T.status[s] }))}
            />
            {kind === 'student' && (
              <Select<string>
                allowClear
                placeholder={T.allGrades}
                value={gradeId}
                style={{ width: 120 }}
                aria-label={T.columns.grade}
                onChange={paging.filtered(setGradeId)}
                options={(grades.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            )}
          </>
        }
        actions={
          <Flex wrap gap={8}>
            <EnrolButton kind={kind} />
            {kind === 'student' && <LeftStudentsButton />}
            <InviteButton role={kind} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {T.create(kind)}
            </Button>
          </Flex>
        }
      />
      <MemberBulkActions kind={kind} selection={selection} />
      <PagedTable<Row>
        rowKey="id"
        rowSelection={selection.rowSelection}
        columns={columns}
        query={query}
        paging={paging}
        texts={{ empty: T.empty(kind), total: T.total }}
        scroll={{ x: 900 }}
      />
      <MemberFormModal
        kind={kind}
        open={editing !== undefined}
        member={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
        onCreated={(made) => {
          setEditing(undefined);
          setShown({ name: made.user.name, username: made.user.username, password: made.password });
        }}
      />
      <PasswordOnceModal shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}

export function StudentListPage() {
  return <MemberListPage kind="student" />;
}

export function TeacherListPage() {
  return <MemberListPage kind="teacher" />;
}
