// /public/teacher/{id}/profile: a teacher's published profile — name, avatar, subjects, introduction and agencies;
// nothing private (docs/users.md "Teacher profiles").
import { Card, Flex, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { API } from '../../api/routes';
import { useCall } from '../../app/session-context';
import { PageSpinner } from '../../components/PageSpinner';
import { ResultPage } from '../../components/ResultPage';
import { errorText, isEnvelopeError } from '../../api/client';
import { TeacherAvatar } from './TeacherAvatar';
import { TEACHER_PUBLIC_TEXTS as T } from './teacher-texts';

export default function TeacherProfilePublicPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const q = useQuery({
    queryKey: ['public-teacher', id],
    queryFn: () => call(API.publicTeacherProfile, { params: { id } }),
    retry: false,
  });
  if (q.isPending) return <PageSpinner />;
  if (q.isError) {
    return isEnvelopeError(q.error, 404) || isEnvelopeError(q.error, 400) ? (
      <ResultPage status={404} title={T.notFound} />
    ) : (
      <ResultPage status="error" title={errorText(q.error)} />
    );
  }
  const p = q.data;
  return (
    <Card>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <TeacherAvatar name={p.name} avatar={p.avatar} size={80} />
        <Space orientation="vertical" size={4}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {p.name}
          </Typography.Title>
          {p.agencies.length > 0 && (
            <Typography.Text type="secondary">
              {T.agencies}：
              {p.agencies.map((a, i) => (
                <span key={a.id}>
                  {i > 0 && '、'}
                  <Link to={`/public/agency/${encodeURIComponent(a.id)}/profiles`}>{a.name}</Link>
                </span>
              ))}
            </Typography.Text>
          )}
        </Space>
      </Flex>
      {p.subjects.length > 0 && (
        <Typography.Paragraph>
          {T.subjects}：
          {p.subjects.map((s) => (
            <Tag key={s.id} color="blue">
              {s.name}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      <Typography.Title level={4}>{T.introduction}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {p.introduction || T.noIntroduction}
      </Typography.Paragraph>
    </Card>
  );
}
