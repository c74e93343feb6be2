// admin/train/list: the agency's schemes and those of the train repositories it uses by reference (read-only).
import { SchemeTable, CreateSchemeButton } from './SchemeTable';
import { TRAIN_TEXTS } from './texts';

export default function SchemeListPage() {
  return <SchemeTable title={TRAIN_TEXTS.list.title} extra={<CreateSchemeButton />} />;
}
