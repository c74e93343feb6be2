// The marking queue (docs/marking.md "Pages"): answers waiting for a teacher (or already marked), filtered by
// agency (the agency switcher), task, class (the classes whose tasks the caller marks) and age, paged; each row
// opens its training's answers to mark.
import { useState } from 'react';
import { Alert, Card, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { NO_TASK, type MarkingQueueItem, type MarkingQueueQuery, cstMinutes } from '@edu/contract';
import { errorText } from '../../api/client';
import { totalNumber } from '../../api/page-total';
import { AgencySwitcher } from '../AgencySwitcher';
import { useMarkingClasses, useMarkingQueue } from './queries';
import { MARKING_TEXTS } from './texts';

const T = MARKING_TEXTS;
const PAGE = 20;

export interface MarkingQueueProps {
  /** The page that marks a row's training. */
  openPath: (item: MarkingQueueItem) => string;
}

type TaskFilter = 'all' | 'none' | 'id';

export function MarkingQueue({ openPath }: MarkingQueueProps) {
  const [status, setStatus] = useState<MarkingQueueQuery['status']>('pending');
  const [taskFilter, setTaskFilter] = useState<TaskFilter>('all');
  const [taskId, setTaskId] = useState('');
  const [classId, setClassId] = useState<string | undefined>(undefined);
  const classes = useMarkingClasses();
  // A class of the agency in context only (the agency switcher may have changed it).
  const chosenClass = classes.data?.some((c) => c.id === classId) ? classId : undefined;
  const [age, setAge] = useState(0);
  const [start, setStart] = useState(0);
  const digits = (s: string) => (/^\d{1,18}$/.test(s.trim()) ? s.trim() : undefined);
  const query: Partial<MarkingQueueQuery> = {
    start,
    size: PAGE,
    status,
    ...(taskFilter === 'none' ? { taskId: NO_TASK } : {}),
    ...(taskFilter === 'id' && digits(taskId) ? { taskId: digits(taskId) } : {}),
    ...(chosenClass ? { classId: chosenClass } : {}),
    ...(age ? { minAgeHours: age } : {}),
  };
  const q = useMarkingQueue(query);
  const reset = () => setStart(0);
  return (
    <Card title={status === 'pending' ? T.queueTitle : T.markedTitle}>
      <Space wrap style={{ marginBottom: 16 }} className="marking-filters">
        <AgencySwitcher />
        <Segmented<MarkingQueueQuery['status']>
          aria-label={T.filters.status}
          value={status}
          onChange={(v) => {
            setStatus(v);
            reset();
          }}
          options={[
            { value: 'pending', label: T.filters.pending },
            { value: 'marked', label: T.filters.marked },
          ]}
        />
        <Select
          aria-label={T.filters.task}
          style={{ width: 150 }}
          value={taskFilter}
          onChange={(v) => {
            setTaskFilter(v);
            reset();
          }}
          options={[
            { value: 'all', label: T.filters.allTasks },
            { value: 'none', label: T.filters.noTask },
            { value: 'id', label: T.filters.taskPlaceholder },
          ]}
        />
        {taskFilter === 'id' && (
          <Input
            aria-label={T.filters.taskPlaceholder}
            placeholder={T.filters.taskPlaceholder}
            style={{ width: 120 }}
            value={taskId}
            onChange={(e) => {
              setTaskId(e.target.value);
              reset();
            }}
          />
        )}
        <Select
          aria-label={T.filters.classId}
          placeholder={T.filters.allClasses}
          style={{ width: 180 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={classes.isPending}
          value={chosenClass}
          onChange={(v?: string) => {
            setClassId(v);
            reset();
          }}
          options={(classes.data ?? []).map((c) => ({
            value: c.id,
            label: c.archived ? T.filters.archived(c.name) : c.name,
          }))}
        />
        <Select
          aria-label={T.filters.age}
          style={{ width: 170 }}
          value={age}
          onChange={(v) => {
            setAge(v);
            reset();
          }}
          options={[
            { value: 0, label: `${T.filters.age}：${T.filters.anyAge}` },
            ...Object.entries(T.filters.ages).map(([h, label]) => ({ value: Number(h), label })),
          ]}
        />
      </Space>
      {q.isError && <Alert type="error" showIcon title={T.loadFailed} description={errorText(q.error)} />}
      <Table<MarkingQueueItem>
        rowKey="recordId"
        size="middle"
        scroll={{ x: 760 }}
        loading={q.isPending || q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: status === 'pending' ? T.emptyPending : T.emptyMarked }}
        pagination={{
          current: Math.floor(start / PAGE) + 1,
          pageSize: PAGE,
          total: q.data ? totalNumber(q.data.total) : 0,
          showTotal: () => T.total(q.data?.total ?? 0),
          showSizeChanger: false,
          onChange: (page) => setStart((page - 1) * PAGE),
        }}
        columns={[
          { title: T.cols.student, dataIndex: 'student', width: 110 },
          { title: T.cols.scheme, dataIndex: 'schemeTitle', width: 160 },
          {
            title: T.cols.question,
            dataIndex: 'title',
            render: (title: string) => <Typography.Text ellipsis>{title}</Typography.Text>,
          },
          { title: T.cols.time, dataIndex: 'createTime', width: 150, render: (ms: number) => cstMinutes(ms) },
          {
            title: status === 'pending' ? T.cols.claim : T.cols.score,
            width: 130,
            render: (_, r) =>
              status === 'marked' ? (
                `${r.score ?? ''} / ${r.maxScore ?? 1}`
              ) : r.claim ? (
                <Tag color={r.claim.mine ? 'blue' : 'orange'}>
                  {r.claim.mine ? T.claimedByMe : T.claimedBy(r.claim.marker)}
                </Tag>
              ) : null,
          },
          {
            title: T.cols.action,
            width: 90,
            fixed: 'right',
            render: (_, r) => <Link to={openPath(r)}>{status === 'pending' ? T.open : T.remark}</Link>,
          },
        ]}
      />
    </Card>
  );
}
