// 添加先修关系 without dragging (keyboard and screen readers): pick the prerequisite and the item that needs it.
import { useMemo, useState } from 'react';
import { Button, Flex, Select } from 'antd';
import type { GraphItem } from '@edu/contract';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.editor;

export function EdgeForm({
  items,
  busy,
  onAdd,
}: {
  items: readonly GraphItem[];
  busy: boolean;
  onAdd: (fromItemId: string, toItemId: string) => void;
}) {
  const [from, setFrom] = useState<string | undefined>();
  const [to, setTo] = useState<string | undefined>();
  const options = useMemo(() => items.map((i) => ({ value: i.id, label: i.knowledgeName })), [items]);
  const select = (label: string, placeholder: string, value: string | undefined, set: (v?: string) => void) => (
    <Select
      aria-label={label}
      placeholder={placeholder}
      showSearch
      optionFilterProp="label"
      allowClear
      value={value}
      onChange={set}
      options={options}
      style={{ flex: '1 1 160px', minWidth: 0 }}
    />
  );
  return (
    <Flex wrap gap={8} role="group" aria-label={T.edgeForm}>
      {select(T.from, T.pickFrom, from, setFrom)}
      <span aria-hidden style={{ alignSelf: 'center' }}>
        →
      </span>
      {select(T.to, T.pickTo, to, setTo)}
      <Button disabled={!from || !to || from === to} loading={busy} onClick={() => from && to && onAdd(from, to)}>
        {T.addEdge}
      </Button>
    </Flex>
  );
}
