// Pieces of the mastery pages: a level tag, the legend with how each level is earned, the subject picker and
// the table of points with their levels.
import { Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MASTERY_LEVELS, type MasteryLevel, type MasteryPoint } from '@edu/contract';
import { useKnowledgePoints } from '../../app/dictionaries';
import { formatTime } from '../training/format';
import { subjectsOf } from './kp-options';
import { LEVEL_COLORS } from './levels';
import { MASTERY_TEXTS as T } from './texts';

export function LevelTag({ level }: { level: MasteryLevel }) {
  return (
    <Tag color={LEVEL_COLORS[level]} style={{ marginInlineEnd: 0 }}>
      {T.levels[level]}
    </Tag>
  );
}

export function MasteryLegend() {
  return (
    <div className="mastery-legend">
      <Space wrap size={[16, 8]}>
        {MASTERY_LEVELS.map((l) => (
          <Tooltip key={l} title={T.rules[l]}>
            <Space size={4}>
              <LevelTag level={l} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {T.rules[l]}
              </Typography.Text>
            </Space>
          </Tooltip>
        ))}
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {T.legendNote}
      </Typography.Paragraph>
    </div>
  );
}

export function SubjectPicker({ value, onChange }: { value?: string; onChange: (v?: string) => void }) {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  return (
    <Select
      aria-label={T.subject}
      style={{ width: 140 }}
      allowClear
      placeholder={T.allSubjects}
      value={value}
      options={subjectsOf(knowledgePoints).map((s) => ({ value: s.code, label: s.name }))}
      loading={kpLoading}
      onChange={onChange}
    />
  );
}

const INDENT: Record<string, number> = { subject: 0, grade: 1, chapter: 2, lv1: 3, lv2: 4, lv3: 5, lv4: 6 };

const columns: TableColumnsType<MasteryPoint> = [
  {
    title: T.columns.name,
    dataIndex: 'name',
    render: (name: string, p) => (
      <span className="mastery-name" style={{ paddingInlineStart: (INDENT[p.lv] ?? 0) * 16 }}>
        {p.lv === 'subject' || p.lv === 'grade' ? <Typography.Text strong>{name}</Typography.Text> : name}
      </span>
    ),
  },
  {
    title: T.columns.level,
    dataIndex: 'level',
    width: 140,
    render: (level: MasteryLevel, p) => (
      <Space size={4}>
        <LevelTag level={level} />
        {p.masteredBy && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {T.masteredBy[p.masteredBy]}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  {
    title: T.columns.window,
    key: 'window',
    width: 100,
    align: 'right',
    render: (_, p) => T.window(p.windowCorrect, p.windowAnswers),
  },
  { title: T.columns.total, dataIndex: 'totalAnswers', width: 100, align: 'right' },
  {
    title: T.columns.last,
    dataIndex: 'lastAnswerTime',
    width: 180,
    render: (t: number | null) => (t === null ? '--' : formatTime(t)),
  },
];

/** Points in tree order (parents before children, siblings by sort), as the server lists them by depth. */
export function inTreeOrder(points: readonly MasteryPoint[]): MasteryPoint[] {
  const children = new Map<string | null, MasteryPoint[]>();
  const known = new Set(points.map((p) => p.code));
  for (const p of points) {
    const parent = p.parentCode !== null && known.has(p.parentCode) ? p.parentCode : null;
    children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const out: MasteryPoint[] = [];
  const walk = (parent: string | null) => {
    for (const p of (children.get(parent) ?? []).sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))) {
      out.push(p);
      walk(p.code);
    }
  };
  walk(null);
  return out;
}

export function MasteryTable({ points, loading, empty }: { points: MasteryPoint[]; loading: boolean; empty?: string }) {
  return (
    <Table<MasteryPoint>
      rowKey="code"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={inTreeOrder(points)}
      locale={empty ? { emptyText: empty } : undefined}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}
