// The filter controls of the question and scheme tables: a clearable select (of question types, tags, repositories),
// the keyword search, a knowledge subtree.
import { Input, Select } from 'antd';
import { QUESTION_TYPES, type QuestionType } from '@edu/contract';
import { useTags } from './queries';
import { KpTreePicker } from './transfer/KpTreePicker';
import { TYPE_LABELS } from './texts';

export interface FilterOption<V> {
  value: V;
  label: string;
}

const QUESTION_TYPE_OPTIONS: FilterOption<QuestionType>[] = QUESTION_TYPES.map((t) => ({
  value: t,
  label: TYPE_LABELS[t],
}));

export interface FilterSelectProps<V> {
  label: string;
  /** The label when not given. */
  placeholder?: string;
  width: number;
  value: V | undefined;
  options: FilterOption<V>[];
  onChange: (value: V | undefined) => void;
  showSearch?: boolean;
}

export function FilterSelect<V extends string>({
  label,
  placeholder = label,
  width,
  value,
  options,
  onChange,
  showSearch,
}: FilterSelectProps<V>) {
  return (
    <Select<V>
      aria-label={label}
      allowClear
      showSearch={showSearch}
      placeholder={placeholder}
      style={{ width }}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

type ValueFilterProps = Pick<FilterSelectProps<string>, 'label' | 'width' | 'value' | 'onChange'>;

export interface QuestionTypeFilterProps extends Pick<FilterSelectProps<QuestionType>, 'width' | 'value' | 'onChange'> {
  /** The label and the placeholder (all types). */
  texts: { type: string; allTypes: string };
}

/** The question types. */
export function QuestionTypeFilter({ texts, ...props }: QuestionTypeFilterProps) {
  return <FilterSelect {...props} label={texts.type} placeholder={texts.allTypes} options={QUESTION_TYPE_OPTIONS} />;
}

/** The question tags (a tag filters by its name), searchable. */
export function TagFilter(props: ValueFilterProps) {
  const tags = useTags();
  return (
    <FilterSelect {...props} showSearch options={(tags.data ?? []).map((t) => ({ value: t.name, label: t.name }))} />
  );
}

export interface RepoFilterProps extends ValueFilterProps {
  /** Question or train repositories; undefined while loading. */
  repos: readonly { id: string; name: string }[] | undefined;
}

export function RepoFilter({ repos, ...props }: RepoFilterProps) {
  return <FilterSelect {...props} options={(repos ?? []).map((r) => ({ value: r.id, label: r.name }))} />;
}

export interface KeywordSearchProps {
  placeholder: string;
  /** An aria-label, where the search has one. */
  label?: string;
  width: number;
  /** Gets the trimmed keyword. */
  onSearch: (keyword: string) => void;
}

export function KeywordSearch({ placeholder, label, width, onSearch }: KeywordSearchProps) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      onSearch={(v) => onSearch(v.trim())}
    />
  );
}

export interface KpTreeFilterProps {
  label: string;
  placeholder: string;
  width: number;
  value: string | undefined;
  onChange: (code: string | undefined) => void;
}

export function KpTreeFilter({ width, ...picker }: KpTreeFilterProps) {
  return (
    // A grid cell stretches the picker to the cell's width.
    <div style={{ width, display: 'grid' }}>
      <KpTreePicker {...picker} />
    </div>
  );
}
