// 辅导课 on the parent's home (docs/lessons.md "Who sees what"): the children's tutoring lessons in the current
// agency, live and next first, each leading to its facts and, once ended, its replay.
import { useState } from 'react';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { LessonList } from '../../components/lessons/LessonList';
import { hasReplay } from '../../components/lessons/lesson-state';
import { LESSON_PATHS } from '../../components/lessons/paths';
import { useLessonPage } from '../../components/lessons/queries';
import { LESSON_TEXTS } from '../../components/lessons/texts';
import { useNow } from '../../components/lessons/use-now';
import { PARENT_PAGE_TEXTS } from './page-texts';

const T = PARENT_PAGE_TEXTS.lessons;
const PAGE_SIZE = 10;

export function ChildLessons({ severalChildren }: { severalChildren: boolean }) {
  const navigate = useNavigate();
  const now = useNow();
  const [page, setPage] = useState(1);
  const query = useLessonPage({ start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE });
  return (
    <Card title={T.title}>
      <LessonList
        query={query}
        page={page}
        size={PAGE_SIZE}
        onPage={setPage}
        now={now}
        showStudent={severalChildren}
        actions={(l) => (
          <Button onClick={() => void navigate(LESSON_PATHS.parentLesson(l.lessonId))}>
            {hasReplay(l) ? LESSON_TEXTS.replay : LESSON_TEXTS.details}
          </Button>
        )}
      />
    </Card>
  );
}
