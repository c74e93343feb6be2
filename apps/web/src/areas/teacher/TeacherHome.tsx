// WTP teacher home (/WTPteacher/): homework to correct and tutoring classrooms (a greeting until a later issue builds them, docs/routes.md).
import { AreaWelcome } from '../../components/AreaWelcome';
import { TEACHER_TEXTS } from './texts';

export default function TeacherHome() {
  return <AreaWelcome texts={TEACHER_TEXTS.home} />;
}
