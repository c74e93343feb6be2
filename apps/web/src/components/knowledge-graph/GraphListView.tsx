// The graph as a list (the default on narrow screens, and for screen readers): one heading per state with its
// items, ready ones first; each item a button that opens it, with 去练习 beside ready and learning ones.
import { useMemo } from 'react';
import { Button, Empty, Flex, Space, Typography } from 'antd';
import type { StudentGraph, StudentGraphNode } from '@edu/contract';
import { STATE_STYLES } from './states';
import { GRAPH_VIEW_TEXTS } from './texts';
import { byState, neighbourIndex, practiceKey, type Practise } from './graph-model';
import { PracticeButton } from './NodeDetail';
import { STUDENT_GRAPH_TEXTS as T } from './student-graph-texts';

export function GraphListView({
  graph,
  busyKey,
  onOpen,
  onPractise,
}: {
  graph: StudentGraph;
  busyKey: string | null;
  onOpen: (n: StudentGraphNode) => void;
  /** Absent for a viewer who is not the student: no 去练习. */
  onPractise?: Practise;
}) {
  const groups = useMemo(() => byState(graph), [graph]);
  // Read once: a graph of thousands of items would otherwise scan its edges for every locked item.
  const neighboursOf = useMemo(() => neighbourIndex(graph), [graph]);
  return (
    <div className="graph-list">
      {groups.map(({ state, nodes }) => (
        <section key={state} aria-labelledby={`graph-${graph.group.id}-${state}`} style={{ marginBottom: 16 }}>
          <Typography.Title
            level={4}
            id={`graph-${graph.group.id}-${state}`}
            style={{ fontSize: 16, borderInlineStart: `4px solid ${STATE_STYLES[state].color}`, paddingInlineStart: 8 }}
          >
            {GRAPH_VIEW_TEXTS.states[state]} {T.count(nodes.length)}
          </Typography.Title>
          {nodes.length === 0 ? (
            <Typography.Text type="secondary">{T.emptyGroup}</Typography.Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {nodes.map((n) => {
                const needs = state === 'locked' || state === 'learning' ? neighboursOf(n.id).needs : [];
                const missing = needs.filter((x) => x.state !== 'mastered');
                return (
                  <li key={n.id} className={`graph-list-item graph-list-${state}`} style={{ padding: '6px 0' }}>
                    <Flex wrap gap={8} align="center" justify="space-between">
                      <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                        <Button
                          type="link"
                          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                          onClick={() => onOpen(n)}
                        >
                          {n.knowledgeName}
                        </Button>
                        {missing.length > 0 && (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {T.needs}：{missing.map((x) => x.knowledgeName).join('、')}
                          </Typography.Text>
                        )}
                      </Space>
                      <PracticeButton
                        node={n}
                        size="small"
                        busy={busyKey === practiceKey(n.knowledgeCode, 'practice')}
                        onPractise={onPractise}
                      />
                    </Flex>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
      {graph.nodes.length === 0 && <Empty />}
    </div>
  );
}
