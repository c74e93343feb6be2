// admin/user/teacher/list/classInfo/{id}/{teacherName}: the classes the teacher teaches in the agency (docs/users.md).
// Read from the classes list (GET /v1/class/list), which has no teacher filter: its first CLASS_SCAN classes are
// scanned for this teacher.
import { Card, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ClassSummary } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { totalNumber } from '../../../api/page-total';
import { useAppConfig, useCall } from '../../../app/session-context';
import { CLASSINFO_TEXTS as C, USER_TEXTS as T } from './texts';

const CLASS_SCAN = 200;

export default function TeacherClassesPage() {
  const { id = '', teacherName = '' } = useParams();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const q = useQuery({
    queryKey: ['teacher-classes', agencyId, id],
    queryFn: async () => {
      const page = await call(API.classList, { query: { start: 0, size: CLASS_SCAN, archived: false } });
      return {
        capped: totalNumber(page.total) > CLASS_SCAN,
        list: page.list.filter((c) => c.teachers.some((t) => t.id === id)),
      };
    },
  });
  const columns: TableColumnsType<ClassSummary> = [
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
      {q.isError && <p style={{ color: '#cf1322' }}>{errorText(q.error)}</p>}
      <Table<ClassSummary>
        rowKey="id"
        columns={columns}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        locale={{ emptyText: C.empty }}
        scroll={{ x: 560 }}
        pagination={false}
        footer={q.data?.capped ? () => C.capped(CLASS_SCAN) : undefined}
      />
    </Card>
  );
}
