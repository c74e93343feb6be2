// The knowledge-point tree as an optional picker (a whole subtree for export, the default point for import).
import { TreeSelect } from 'antd';
import { useKnowledgePoints } from '../../../../app/dictionaries';
import { kpTreeOptions } from '../queries';

export interface KpTreePickerProps {
  label: string;
  placeholder: string;
  value?: string;
  onChange: (code: string | undefined) => void;
}

export function KpTreePicker({ label, placeholder, value, onChange }: KpTreePickerProps) {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  return (
    <TreeSelect
      aria-label={label}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={placeholder}
      treeData={kpTreeOptions(knowledgePoints)}
      loading={kpLoading}
      value={value}
      onChange={(v?: string) => onChange(v ?? undefined)}
    />
  );
}
