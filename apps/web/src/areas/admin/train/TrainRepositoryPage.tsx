// admin/train/repository: 本机构方案库 (owned and referenced) and 方案库商店 (shared repositories of other agencies).
import { RepositoryListPage } from '../question/RepositoryListPage';

export default function TrainRepositoryPage() {
  return <RepositoryListPage kind="train" />;
}
