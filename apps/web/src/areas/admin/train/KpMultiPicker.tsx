// Several knowledge subtrees at once (a scheme's kpRange, a phase's knowledgeIds), from the question pages' tree.
import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { KnowledgePointBrief } from '@edu/contract';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { kpTreeOptions } from '../question/queries';

export interface KpMultiPickerProps {
  label: string;
  placeholder: string;
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
  status?: 'error';
}

export function KpMultiPicker({ label, placeholder, value, onChange, disabled, status }: KpMultiPickerProps) {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  const treeData = useMemo(() => kpTreeOptions(knowledgePoints), [knowledgePoints]);
  return (
    <TreeSelect
      aria-label={label}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={placeholder}
      treeData={treeData}
      loading={kpLoading}
      value={value}
      onChange={(v: string[]) => onChange(v ?? [])}
      disabled={disabled}
      status={status}
      style={{ width: '100%' }}
    />
  );
}

/** The name of a knowledge code ('' codes unknown to the loaded tree show as the code). */
export function kpNames(points: readonly KnowledgePointBrief[], codes: readonly string[]): string[] {
  const byCode = new Map(points.map((p) => [p.code, p.name]));
  return codes.map((c) => byCode.get(c) ?? c);
}
