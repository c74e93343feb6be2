// /parent/history/{id}: one child's training history (id = the child's user id, docs/routes.md "Parent").
import { useNavigate, useParams } from 'react-router';
import { ChildrenPage } from './ChildrenPage';

export default function ParentHistoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <ChildrenPage childId={id} onSelect={(next) => void navigate(`/parent/history/${next}`)} />;
}
