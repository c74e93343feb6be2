// student/knowledgegraph/mine: the curated graphs of the student's subjects (docs/web.md "Knowledge graph"), and
// without one the knowledge tree with the student's mastery on every point — each node coloured by its level,
// with the answers behind it on selection.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Descriptions, Empty, Space, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import type { MasteryPoint } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useStudentGraphs } from '../../../components/knowledge-graph/queries';
import { PageSpinner } from '../../../components/PageSpinner';
import { formatTime } from '../../../components/training/format';
import { Gate } from '../wrong/Gate';
import { useMastery } from '../wrong/queries';
import { LEVEL_COLORS } from '../../../components/mastery/levels';
import { LevelTag, MasteryLegend, SubjectPicker } from '../../../components/mastery/MasteryParts';
import { MASTERY_TEXTS as T } from '../../../components/mastery/texts';
import { CuratedGraphs } from './CuratedGraphs';
import { LIST_BELOW_PX } from '../../../components/knowledge-graph/GraphTabs';
import { loadGraphCanvas } from '../../../components/knowledge-graph/load';
import { useNarrow } from '../../../components/knowledge-graph/use-narrow';
import { STUDENT_GRAPH_TEXTS } from '../../../components/knowledge-graph/student-graph-texts';

/** The points as antd Tree nodes, coloured by level; parents missing from the list make their child a root. */
export function masteryTree(points: readonly MasteryPoint[]): TreeDataNode[] {
  const known = new Set(points.map((p) => p.code));
  const children = new Map<string | null, MasteryPoint[]>();
  for (const p of points) {
    const parent = p.parentCode !== null && known.has(p.parentCode) ? p.parentCode : null;
    children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const build = (p: MasteryPoint): TreeDataNode => ({
    key: p.code,
    title: (
      <span className={`kp-node kp-${p.level}`}>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: '50%',
            background: LEVEL_COLORS[p.level],
            marginInlineEnd: 6,
          }}
        />
        {p.name} <LevelTag level={p.level} />
      </span>
    ),
    children: (children.get(p.code) ?? []).sort((a, b) => a.sort - b.sort).map(build),
  });
  return (children.get(null) ?? []).sort((a, b) => a.sort - b.sort).map(build);
}

/** Today's mastery tree: the page when no curated graph fits the student, and the graphs' 知识点树 view. */
function MasteryTreeView() {
  const [subject, setSubject] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const mastery = useMastery({ scope: 'all', subject });
  const points = useMemo(() => mastery.data ?? [], [mastery.data]);
  const tree = useMemo(() => masteryTree(points), [points]);
  // Open down to the chapters, and further wherever the student has answered.
  const expanded = useMemo(
    () => points.filter((p) => p.lv === 'subject' || p.lv === 'grade' || p.level !== 'none').map((p) => p.code),
    [points],
  );
  const point = points.find((p) => p.code === selected);
  return (
    <Card title={T.links.graph} extra={<SubjectPicker value={subject} onChange={setSubject} />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <MasteryLegend />
        <Typography.Text type="secondary">{T.graphHint}</Typography.Text>
        {mastery.isError && <Alert type="error" title={errorText(mastery.error)} />}
        {mastery.isPending ? (
          <PageSpinner />
        ) : tree.length === 0 ? (
          <Empty />
        ) : (
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <Tree
              key={subject ?? 'all'}
              className="mastery-tree"
              showLine
              blockNode
              defaultExpandedKeys={expanded}
              treeData={tree}
              onSelect={(keys) => setSelected(keys[0] === undefined ? null : String(keys[0]))}
              style={{ flex: '1 1 420px', minWidth: 0 }}
            />
            {point && (
              <Card size="small" title={point.name} style={{ flex: '0 1 320px' }}>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={T.columns.level}>
                    <LevelTag level={point.level} />
                    {point.masteredBy && ` ${T.masteredBy[point.masteredBy]}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={T.columns.window}>
                    {T.window(point.windowCorrect, point.windowAnswers)}
                  </Descriptions.Item>
                  <Descriptions.Item label={T.columns.total}>{point.totalAnswers}</Descriptions.Item>
                  <Descriptions.Item label={T.columns.last}>
                    {point.lastAnswerTime === null ? '--' : formatTime(point.lastAnswerTime)}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            )}
          </div>
        )}
      </Space>
    </Card>
  );
}

function Graphs() {
  const graphs = useStudentGraphs();
  const narrow = useNarrow(LIST_BELOW_PX);
  // A wide screen draws the graphs: their canvas loads while they are read (docs/knowledge-graph.md "Speed").
  useEffect(() => {
    if (!narrow) void loadGraphCanvas();
  }, [narrow]);
  const tree: ReactNode = <MasteryTreeView />;
  if (graphs.isPending) return <PageSpinner />;
  if (graphs.isError)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={STUDENT_GRAPH_TEXTS.loadFailed} description={errorText(graphs.error)} />
        {tree}
      </Space>
    );
  if (graphs.data.graphs.length === 0) return tree;
  return <CuratedGraphs graphs={graphs.data.graphs} running={graphs.data.running ?? null} tree={tree} />;
}

export default function KnowledgeGraphPage() {
  return (
    <Gate text={T.visitor} action={T.login}>
      <Graphs />
    </Gate>
  );
}
