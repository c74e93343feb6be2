// admin/user/teacher/list/classInfo/{id}/{teacherName}: the classes in use the teacher teaches in the agency, by
// name, paged by the server (GET /v1/users/teacher/{id}/classes, docs/users.md "Pages").
import { Card, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TeacherClass } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { CLASSINFO_TEXTS as C, USER_TEXTS as T } from './texts';

const PAGE_SIZE = 20;

export default function TeacherClassesPage() {
  const { id = '', teacherName = '' } = useParams();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const q = useQuery({
    queryKey: ['teacher-classes', agencyId, id, page, size],
    queryFn: () => call(API.teacherClasses, { params: { id }, query: { start: (page - 1) * size, size } }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TeacherClass> = [
    {
      title: C.columns.name,
      dataIndex: 'name',
      render: (name: string, c) => <Link to={`/admin/class/${encodeURIComponent(c.id)}/stats`}>{name}</Link>,
    },
    { title: C.columns.kind, dataIndex: 'kind', width: 90, render: (k: string) => <Tag>{C.kind[k] ?? k}</Tag> },
    { title: C.columns.grade, dataIndex: 'gradeName', width: 90, render: (g: string | null) => g ?? T.none },
    { title: C.columns.subject, dataIndex: 'subjectName', width: 90, render: (s: string | null) => s ?? T.none },
    { title: C.columns.members, dataIndex: 'memberCount', width: 90 },
  ];
  return (
    <Card title={C.title(teacherName)}>
      <PagedTable<TeacherClass> rowKey="id" columns={columns} query={q} paging={paging} texts={C} scroll={{ x: 560 }} />
    </Card>
  );
}
