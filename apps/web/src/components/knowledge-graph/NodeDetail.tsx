// One item of the student's graph opened: its state and level, what it needs and unlocks, the curator's
// description and resources, and 去练习 and 掌握测验 for a ready or learning item when the viewer is the student
// (no `onPractise`: read-only, as teachers, admins and parents see it). The level says what is left to master it
// (docs/knowledge-graph.md "Practice").
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { MASTERY_LEVELS, type MasteryLevel, type StudentGraph, type StudentGraphNode } from '@edu/contract';
import { STATE_STYLES } from './states';
import { GRAPH_VIEW_TEXTS } from './texts';
import { LevelTag } from '../mastery/MasteryParts';
import { canPractise, neighbours, practiceKey, type Practise } from './graph-model';
import { STUDENT_GRAPH_TEXTS as T } from './student-graph-texts';

const isLevel = (l: string | null): l is MasteryLevel =>
  l !== null && (MASTERY_LEVELS as readonly string[]).includes(l);

export function StateTag({ node }: { node: Pick<StudentGraphNode, 'state'> }) {
  const s = STATE_STYLES[node.state];
  return (
    <Tag style={{ color: s.text, background: s.background, borderColor: s.color, marginInlineEnd: 0 }}>
      {GRAPH_VIEW_TEXTS.states[node.state]}
    </Tag>
  );
}

export function PracticeButton({
  node,
  busy,
  onPractise,
  size,
}: {
  node: StudentGraphNode;
  busy: boolean;
  onPractise?: Practise;
  size?: 'small' | 'middle';
}) {
  if (!onPractise || !canPractise(node)) return null;
  return (
    <Button
      type={node.state === 'ready' ? 'primary' : 'default'}
      size={size}
      loading={busy}
      aria-label={T.practiceOf(node.knowledgeName)}
      onClick={() => onPractise(node, 'practice')}
    >
      {T.practice}
    </Button>
  );
}

/** 掌握测验: a short paper of the point's questions, handed in whole; all right masters the point. */
function CheckButton({ node, busy, onPractise }: { node: StudentGraphNode; busy: boolean; onPractise?: Practise }) {
  if (!onPractise || !canPractise(node)) return null;
  return (
    <Button loading={busy} aria-label={T.checkOf(node.knowledgeName)} onClick={() => onPractise(node, 'check')}>
      {T.check}
    </Button>
  );
}

export function NodeDetail({
  graph,
  node,
  busyKey,
  onPractise,
  onClose,
}: {
  graph: StudentGraph;
  node: StudentGraphNode;
  busyKey: string | null;
  onPractise?: Practise;
  onClose: () => void;
}) {
  const { needs, unlocks } = neighbours(graph, node.id);
  const names = (list: StudentGraphNode[]) => list.map((n) => n.knowledgeName).join('、');
  const r = node.resources;
  return (
    <Card
      size="small"
      title={node.knowledgeName}
      aria-label={T.detailOf(node.knowledgeName)}
      className="graph-node-detail"
      extra={
        <Button type="link" size="small" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={T.state}>
          <StateTag node={node} />
        </Descriptions.Item>
        <Descriptions.Item label={T.level}>
          {isLevel(node.mastery.level) ? <LevelTag level={node.mastery.level} /> : T.levelNone}
        </Descriptions.Item>
        {onPractise && canPractise(node) && <Descriptions.Item label={T.toMaster}>{T.toMasterHint}</Descriptions.Item>}
        {needs.length > 0 && <Descriptions.Item label={T.needs}>{names(needs)}</Descriptions.Item>}
        {unlocks.length > 0 && <Descriptions.Item label={T.unlocks}>{names(unlocks)}</Descriptions.Item>}
        {node.description && <Descriptions.Item label={T.description}>{node.description}</Descriptions.Item>}
        {r.schemeIds.length > 0 && (
          <Descriptions.Item label={T.schemes}>
            <Space wrap size={8}>
              {r.schemeIds.map((id) => (
                <Link key={id} to={`/student/train/scheme/${encodeURIComponent(id)}`}>
                  {T.scheme(id)}
                </Link>
              ))}
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space wrap>
        <PracticeButton
          node={node}
          busy={busyKey === practiceKey(node.knowledgeCode, 'practice')}
          onPractise={onPractise}
        />
        <CheckButton node={node} busy={busyKey === practiceKey(node.knowledgeCode, 'check')} onPractise={onPractise} />
        {r.videoUrl && (
          <Typography.Link href={r.videoUrl} target="_blank" rel="noopener noreferrer nofollow">
            {T.video}
          </Typography.Link>
        )}
      </Space>
    </Card>
  );
}
