// A paged list of lessons as cards (the student's, parent's and teacher's lists; phones): loading, 暂无课程, a
// failed read with 重试, and each lesson's actions.
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Pagination, Spin } from 'antd';
import type { Lesson } from '@edu/contract';
import { errorText } from '../../api/client';
import { totalNumber } from '../../api/page-total';
import { LessonItem } from './LessonParts';
import { LESSON_TEXTS as T } from './texts';
import './lessons.css';

export interface LessonListProps {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { total: number | string; list: Lesson[] };
    refetch: () => unknown;
  };
  page: number;
  size: number;
  onPage: (page: number) => void;
  now: number;
  actions?: (lesson: Lesson) => ReactNode;
  showTeacher?: boolean;
  showStudent?: boolean;
  empty?: string;
}

export function LessonList({
  query,
  page,
  size,
  onPage,
  now,
  actions,
  showTeacher,
  showStudent,
  empty = T.empty,
}: LessonListProps) {
  if (query.isPending) return <Spin style={{ display: 'block', padding: 32 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        description={errorText(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  const { list, total } = query.data ?? { list: [], total: 0 };
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div className="lesson-list">
      {list.map((l) => (
        <LessonItem
          key={l.lessonId}
          lesson={l}
          now={now}
          actions={actions?.(l)}
          showTeacher={showTeacher}
          showStudent={showStudent}
        />
      ))}
      <Pagination
        current={page}
        pageSize={size}
        total={totalNumber(total)}
        hideOnSinglePage
        showSizeChanger={false}
        showTotal={() => T.total(total)}
        onChange={onPage}
        style={{ marginTop: 12 }}
      />
    </div>
  );
}
