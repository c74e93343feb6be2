// student/wrong/list: the wrong-answer book — every wrongly answered question with its FSRS review state and
// next due time, filtered by subject, knowledge point and due / not mastered / mastered; a review session
// takes the due questions one by one. On a phone one card per question (docs/web.md "Small screens").
import { useState } from 'react';
import { Alert, Button, Card, Select, Space, Tabs, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  WRONG_FILTERS,
  WRONG_MASTERED_STREAK,
  WRONG_POSTPONED_REASON,
  type WrongEntry,
  type WrongFilter,
} from '@edu/contract';
import { errorText } from '../../../api/client';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { TYPE_LABELS } from '../../../components/texts';
import { ResponsiveTable, type CardFace } from '../../../components/CardList';
import { formatTime } from '../../../components/training/format';
import { Gate } from './Gate';
import { totalOf } from '../train/queries';
import { dueText } from './due-text';
import { kpTree, subjectsOf } from '../../../components/mastery/kp-options';
import { useWrongList } from './queries';
import { ReviewSession } from './ReviewSession';
import { WRONG_TEXTS as T } from './texts';

const PAGE_SIZE = 20;
const STATE_COLORS = { new: 'red', learning: 'orange', review: 'blue', relearning: 'volcano' } as const;

const titleOf = (e: WrongEntry) => e.title || e.text || T.untitled(TYPE_LABELS[e.type]);
const recordPath = (e: WrongEntry) => `/student/question/answer/record/${e.lastWrongRecordId}`;

function StateTag({ e }: { e: WrongEntry }) {
  return e.card.mastered ? (
    <Tag color="green">{T.masteredTag}</Tag>
  ) : (
    <Tag color={STATE_COLORS[e.card.state]}>{T.states[e.card.state]}</Tag>
  );
}

/** When it is next due: --, 暂缓 (with why), 已到期, or 3 天后 (the time in China Standard Time on hover). */
function Due({ e, now }: { e: WrongEntry; now: number }) {
  if (e.card.mastered) return <>--</>;
  if (e.postponed)
    return (
      <Tooltip title={WRONG_POSTPONED_REASON}>
        <Tag color="default">{T.postponedTag}</Tag>
      </Tooltip>
    );
  if (e.card.due <= now) return <Typography.Text type="danger">{T.dueNow}</Typography.Text>;
  return <span title={T.dueAt(formatTime(e.card.due))}>{dueText(e.card.due, now)}</span>;
}

/**
 * A question on a phone: its title; its review state and when it is due; 连续答对 as its score; type, knowledge
 * point and how often it was wrong; 查看错题 opens the answer that put it here.
 */
const cardOf =
  (now: number) =>
  (e: WrongEntry): CardFace => ({
    title: titleOf(e),
    state: (
      <Space size={8} wrap>
        <StateTag e={e} />
        {!e.card.mastered && (
          <span>
            {T.columns.due} <Due e={e} now={now} />
          </span>
        )}
      </Space>
    ),
    score: `${T.columns.streak} ${T.streak(e.card.streak, WRONG_MASTERED_STREAK)}`,
    meta: (
      <>
        {e.postponed && !e.card.mastered && <div>{WRONG_POSTPONED_REASON}</div>}
        {[TYPE_LABELS[e.type], e.knowledgeName, T.wrongTimes(e.wrongCount)].filter(Boolean).join(' · ')}
      </>
    ),
    action: { label: T.open, to: recordPath(e) },
  });

function columns(now: number): TableColumnsType<WrongEntry> {
  return [
    {
      title: T.columns.question,
      key: 'question',
      render: (_, e) => <Link to={recordPath(e)}>{titleOf(e)}</Link>,
    },
    { title: T.columns.type, dataIndex: 'type', width: 90, render: (t: WrongEntry['type']) => TYPE_LABELS[t] },
    { title: T.columns.knowledge, dataIndex: 'knowledgeName', width: 160 },
    { title: T.columns.wrongCount, dataIndex: 'wrongCount', width: 90, align: 'right' },
    {
      title: T.columns.state,
      key: 'state',
      width: 110,
      render: (_, e) => <StateTag e={e} />,
    },
    { title: T.columns.due, key: 'due', width: 130, render: (_, e) => <Due e={e} now={now} /> },
    {
      title: T.columns.streak,
      key: 'streak',
      width: 90,
      render: (_, e) => T.streak(e.card.streak, WRONG_MASTERED_STREAK),
    },
  ];
}

function WrongBook() {
  const { points: knowledgePoints, isPending: kpLoading } = useKnowledgePoints();
  const [filter, setFilter] = useState<WrongFilter>('all');
  const [subject, setSubject] = useState<string | undefined>();
  const [knowledgeId, setKnowledgeId] = useState<string | undefined>();
  const [start, setStart] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const list = useWrongList({ filter, subject, knowledgeId, start, size: PAGE_SIZE });
  const counts = list.data?.counts;
  // Due times are read against when the page was fetched (render stays pure).
  const now = list.dataUpdatedAt;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={T.intro} />
      <Card>
        <Space
          wrap
          className="wrong-controls"
          style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}
        >
          <Space wrap>
            <Select
              aria-label={T.subject}
              style={{ width: 140 }}
              allowClear
              placeholder={T.allSubjects}
              value={subject}
              options={subjectsOf(knowledgePoints).map((s) => ({ value: s.code, label: s.name }))}
              loading={kpLoading}
              onChange={(v?: string) => {
                setSubject(v);
                setKnowledgeId(undefined);
                setStart(0);
              }}
            />
            <TreeSelect
              aria-label={T.knowledge}
              style={{ width: 240 }}
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder={T.anyKnowledge}
              value={knowledgeId}
              treeData={kpTree(knowledgePoints, subject)}
              loading={kpLoading}
              onChange={(v?: string) => {
                setKnowledgeId(v);
                setStart(0);
              }}
            />
          </Space>
          <Button type="primary" disabled={!counts?.due} onClick={() => setReviewing(true)}>
            {T.startReview(counts?.due ?? 0)}
          </Button>
        </Space>
        <Tabs
          activeKey={filter}
          onChange={(k) => {
            setFilter(k as WrongFilter);
            setStart(0);
          }}
          items={WRONG_FILTERS.map((f) => ({
            key: f,
            label: counts ? `${T.filters[f]} ${counts[f]}` : T.filters[f],
          }))}
        />
        {list.isError && <Alert type="error" title={errorText(list.error)} />}
        <ResponsiveTable<WrongEntry>
          rowKey="questionId"
          size="middle"
          loading={list.isFetching}
          card={cardOf(now)}
          cardsClassName="wrong-cards"
          columns={columns(now)}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: T.empty }}
          pagination={{
            current: Math.floor(start / PAGE_SIZE) + 1,
            pageSize: PAGE_SIZE,
            total: totalOf(list.data?.total ?? 0),
            showSizeChanger: false,
            onChange: (page) => setStart((page - 1) * PAGE_SIZE),
          }}
        />
      </Card>
      <ReviewSession open={reviewing} filters={{ subject, knowledgeId }} onClose={() => setReviewing(false)} />
    </Space>
  );
}

export default function WrongListPage() {
  return (
    <Gate text={T.visitor} action={T.login}>
      <WrongBook />
    </Gate>
  );
}
