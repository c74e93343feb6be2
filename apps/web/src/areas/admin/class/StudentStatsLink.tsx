// 学生统计 links (docs/classes.md "Teachers' links"): agency and student admins open user/student/{id}/stats; a
// train admin or an agency teacher, who may not, opens class/studentInfo/{id} (the server shows a teacher the
// students of the classes they teach, docs/classes.md "Whose records a teacher reads"). Anyone else sees no link.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROLE_SETS, satisfies } from '@edu/contract';
import { useCanOpen } from '../../../components/AllowedLink';
import { useAppConfig, useUser } from '../../../app/session-context';
import { studentInfoPath } from './paths';

const studentStatsPath = (userId: string) => `/admin/user/student/${userId}/stats`;

export function StudentStatsLink({ userId, children }: { userId: string; children: ReactNode }) {
  const canOpen = useCanOpen();
  const user = useUser();
  const { agencyId } = useAppConfig();
  if (canOpen(studentStatsPath(userId))) return <Link to={studentStatsPath(userId)}>{children}</Link>;
  const readsRecords = !!agencyId && satisfies(user?.roles, ROLE_SETS.trainStaff, agencyId);
  if (readsRecords && canOpen(studentInfoPath(userId))) return <Link to={studentInfoPath(userId)}>{children}</Link>;
  return null;
}
