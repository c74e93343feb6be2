// WTP teacher home (/WTPteacher/): homework to correct and tutoring classrooms (filled in by a later issue).
import { AreaWelcome } from '../../components/AreaWelcome';
import { TEACHER_TEXTS } from './texts';

export default function TeacherHome() {
  return <AreaWelcome texts={TEACHER_TEXTS.home} />;
}
