// WTP teacher home (/WTPteacher/): the homework teacher's tutoring lessons (docs/lessons.md) and marking queue with
// its filters (docs/marking.md "Pages"); visitors and other users see the greeting.
import { Space, Typography } from 'antd';
import { AreaWelcome } from '../../components/AreaWelcome';
import { useUser } from '../../app/session-context';
import { MarkingQueue } from '../../components/marking/MarkingQueue';
import { TeacherLessons } from './TeacherLessons';
import { TEACHER_TEXTS } from './texts';

export const changePath = (taskId: string, trainId: string) => `/WTPteacher/change/${taskId}/${trainId}`;

export default function TeacherHome() {
  const user = useUser();
  if (!user?.roles.includes('edu:homework:teacher')) return <AreaWelcome texts={TEACHER_TEXTS.home} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {TEACHER_TEXTS.home.welcome(user.user?.name || user.user?.username || '')}
        </Typography.Title>
        <Typography.Text type="secondary">{TEACHER_TEXTS.home.intro}</Typography.Text>
      </div>
      <TeacherLessons />
      <MarkingQueue openPath={(r) => changePath(r.taskId, r.trainId)} />
    </Space>
  );
}
