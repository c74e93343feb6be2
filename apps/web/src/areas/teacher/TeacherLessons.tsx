// The homework teacher's tutoring lessons on their home (docs/lessons.md): live and next first, a few at a time,
// with 进入课堂 (/WTPteacher/webrtc/{id}) while the room can be entered; nothing when they have none.
import { useState } from 'react';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { LessonList } from '../../components/lessons/LessonList';
import { joinable } from '../../components/lessons/lesson-state';
import { LESSON_PATHS } from '../../components/lessons/paths';
import { useLessonPage } from '../../components/lessons/queries';
import { LESSON_TEXTS } from '../../components/lessons/texts';
import { useNow } from '../../components/lessons/use-now';
import { TEACHER_TEXTS } from './texts';

const PAGE_SIZE = 5;

export function TeacherLessons() {
  const navigate = useNavigate();
  const now = useNow();
  const [page, setPage] = useState(1);
  const query = useLessonPage({ start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE });
  // Kept small: a tutor without lessons sees only the marking queue.
  if (query.data && Number(query.data.total) === 0) return null;
  return (
    <Card title={TEACHER_TEXTS.home.lessons}>
      <LessonList
        query={query}
        page={page}
        size={PAGE_SIZE}
        onPage={setPage}
        now={now}
        showTeacher={false}
        actions={(l) =>
          joinable(l, now) && (
            <Button type="primary" onClick={() => void navigate(LESSON_PATHS.teacherRoom(l.lessonId))}>
              {LESSON_TEXTS.enter}
            </Button>
          )
        }
      />
    </Card>
  );
}
