// Left side of the question list: a subject selector and that subject's knowledge tree; picks one code.
import { useMemo } from 'react';
import { Empty, Select, Tree } from 'antd';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { subjectsOf } from '../knowledge/kp-tree';
import { kpTreeData } from './queries';
import { QUESTION_TEXTS } from './texts';

const T = QUESTION_TEXTS.list;

export interface KpFilterValue {
  subject?: string;
  /** The chosen point below the subject, if any. */
  code?: string;
}

export function KpFilter({ value, onChange }: { value: KpFilterValue; onChange: (v: KpFilterValue) => void }) {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  const subjects = useMemo(() => subjectsOf(knowledgePoints), [knowledgePoints]);
  const treeData = useMemo(
    () => (value.subject ? kpTreeData(knowledgePoints, value.subject) : []),
    [knowledgePoints, value.subject],
  );
  return (
    <div>
      <Select
        aria-label={T.subject}
        style={{ width: '100%', marginBottom: 8 }}
        allowClear
        placeholder={T.allSubjects}
        value={value.subject}
        options={subjects.map((s) => ({ value: s.code, label: s.name }))}
        loading={kpLoading}
        onChange={(subject?: string) => onChange({ subject: subject ?? undefined })}
      />
      {value.subject ? (
        treeData.length > 0 ? (
          <Tree
            className="kp-filter-tree"
            blockNode
            treeData={treeData}
            selectedKeys={value.code ? [value.code] : []}
            onSelect={(keys) => onChange({ subject: value.subject, code: keys[0] as string | undefined })}
            defaultExpandedKeys={treeData.map((n) => n.key)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={QUESTION_TEXTS.none} />
        )
      ) : null}
    </div>
  );
}
