// eventutor/history/{id} (docs/web.md "Lesson lists and replay"): a lesson's replay and facts for staff; 返回 leads
// to its class's lessons.
import { useParams } from 'react-router';
import { LessonReplayView } from '../../../components/lessons/LessonReplayView';
import { LESSON_PATHS } from '../../../components/lessons/paths';
import { LESSON_TEXTS } from '../../../components/lessons/texts';

export default function LessonHistoryPage() {
  const { id = '' } = useParams();
  return (
    <LessonReplayView
      lessonId={id}
      back={(l) => ({ to: LESSON_PATHS.classLessons(l.classId), label: LESSON_TEXTS.backToLessons })}
    />
  );
}
