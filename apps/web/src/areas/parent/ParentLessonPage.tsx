// parent/eventutor/index/{id} (docs/lessons.md "Who sees what"): a lesson of the parent's child — its facts and,
// once it has ended, its replay; never the live room. 返回 leads to the parent's home with the child's lessons.
import { useParams } from 'react-router';
import { useUser } from '../../app/session-context';
import { VisitorNotice } from '../../components/VisitorNotice';
import { LessonReplayView } from '../../components/lessons/LessonReplayView';
import { LESSON_TEXTS } from '../../components/lessons/texts';
import { PARENT_TEXTS } from './texts';

export default function ParentLessonPage() {
  const { id = '' } = useParams();
  const user = useUser();
  if (!user) return <VisitorNotice text={PARENT_TEXTS.home.visitor} action={PARENT_TEXTS.home.login} />;
  return <LessonReplayView lessonId={id} back={() => ({ to: '/parent', label: LESSON_TEXTS.backToParent })} />;
}
