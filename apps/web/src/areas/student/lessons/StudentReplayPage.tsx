// student/eventutor/history/{id} (docs/web.md "Lesson lists and replay"): the replay of one of the student's
// lessons, with its facts; 返回 leads to the student's lessons.
import { useParams } from 'react-router';
import { LessonReplayView } from '../../../components/lessons/LessonReplayView';
import { LESSON_PATHS } from '../../../components/lessons/paths';
import { LESSON_TEXTS } from '../../../components/lessons/texts';
import { LoginGate } from '../train/LoginGate';

export default function StudentReplayPage() {
  const { id = '' } = useParams();
  return (
    <LoginGate>
      <LessonReplayView
        lessonId={id}
        back={() => ({ to: LESSON_PATHS.studentLessons, label: LESSON_TEXTS.backToMine })}
      />
    </LoginGate>
  );
}
