// A search box over the agency's students (by name or username), for linking a parent to them.
import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { PARENT_ADMIN_TEXTS as T } from './texts';

export interface StudentPickerProps {
  id?: string;
  value?: string | string[];
  onChange?: (v: string | string[]) => void;
  multiple?: boolean;
}

export function StudentPicker({ id, value, onChange, multiple }: StudentPickerProps) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const [keyword, setKeyword] = useState('');
  const students = useQuery({
    queryKey: ['parents-admin', 'students', agencyId, keyword],
    queryFn: () => call(API.agencyParentStudents, { query: { keyword: keyword || undefined, size: 20 } }),
  });
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      value={value}
      onChange={onChange}
      placeholder={T.studentPlaceholder}
      loading={students.isFetching}
      options={(students.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.username}）` }))}
      style={{ width: '100%' }}
    />
  );
}
