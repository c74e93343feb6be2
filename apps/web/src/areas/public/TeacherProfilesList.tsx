// The agency's published teacher profiles, paged, on /public/agency/{agencyId}/profiles (docs/users.md).
import { useState } from 'react';
import { Card, Flex, List, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { API } from '../../api/routes';
import { useCall } from '../../app/session-context';
import { errorText } from '../../api/client';
import { totalNumber } from '../../api/page-total';
import { TeacherAvatar } from './TeacherAvatar';
import { TEACHER_PUBLIC_TEXTS as T } from './teacher-texts';

const PAGE_SIZE = 10;

export function TeacherProfilesList({ agencyId }: { agencyId: string }) {
  const call = useCall();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['public-teachers', agencyId, page],
    queryFn: () =>
      call(API.publicAgencyProfiles, {
        params: { agencyId },
        query: { start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const total = q.data?.total ?? 0;
  return (
    <Card title={T.listTitle} style={{ marginTop: 16 }}>
      {q.isError && <Typography.Paragraph type="danger">{errorText(q.error)}</Typography.Paragraph>}
      <List
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: T.listEmpty }}
        pagination={
          totalNumber(total) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: totalNumber(total),
                onChange: setPage,
                showTotal: () => T.total(total),
              }
            : false
        }
        renderItem={(p) => (
          <List.Item key={p.id}>
            <Flex gap={12} align="flex-start" style={{ width: '100%', minWidth: 0 }}>
              <TeacherAvatar name={p.name} avatar={p.avatar} size={48} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Link to={`/public/teacher/${encodeURIComponent(p.id)}/profile`}>
                  <Typography.Text strong>{p.name}</Typography.Text>
                </Link>
                <div>
                  {p.subjects.map((s) => (
                    <Tag key={s.id} color="blue">
                      {s.name}
                    </Tag>
                  ))}
                </div>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {p.introduction || T.noIntroduction}
                </Typography.Paragraph>
              </div>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
