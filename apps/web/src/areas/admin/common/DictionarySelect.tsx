// Selects over the shared dictionaries (app/dictionaries.ts): grades and subjects, clearable, busy while loading.
import { Select, type SelectProps } from 'antd';
import { useGrades, useSubjects } from '../../../app/dictionaries';

type Props = Omit<SelectProps, 'options' | 'loading' | 'allowClear'>;
const options = (list?: { id: string; name: string }[]) => (list ?? []).map((d) => ({ value: d.id, label: d.name }));

export function GradeSelect(props: Props) {
  const grades = useGrades();
  return <Select allowClear {...props} loading={grades.isPending} options={options(grades.data)} />;
}

export function SubjectSelect(props: Props) {
  const subjects = useSubjects();
  return <Select allowClear {...props} loading={subjects.isPending} options={options(subjects.data)} />;
}
