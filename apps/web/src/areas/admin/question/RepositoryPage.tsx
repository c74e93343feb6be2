// admin/question/repository: 本机构题库 (owned and referenced) and 题库商店 (shared repositories of other agencies).
import { RepositoryListPage } from './RepositoryListPage';

export default function RepositoryPage() {
  return <RepositoryListPage kind="question" />;
}
