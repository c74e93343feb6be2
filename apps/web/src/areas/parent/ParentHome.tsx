// Parent home (/parent/): the training history of the parent's child, with a switcher for several children.
import { useNavigate } from 'react-router';
import { ChildrenPage } from './ChildrenPage';

export default function ParentHome() {
  const navigate = useNavigate();
  return <ChildrenPage onSelect={(id) => void navigate(`/parent/history/${id}`)} />;
}
