// A mark changes the training's score, and the training's report is cached under one key (api/query-keys.ts,
// docs/web.md "Server state"): the staff's and the student's report reads share it, and saving a mark reads it again
// for both — a report page open beside the marking shows the new score without a reload.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { MarkingItem, TrainingReport } from '@edu/contract';
import { AppProviders, createQueryClient } from '../app/providers';
import { SessionContext } from '../app/session-context';
import { envelope } from './fake-api';
import { loginInfo } from './fixtures';
import { makeSession } from './render';
import { REPORT } from './train-stats';
import { useTrainingReport as useStaffReport } from '../areas/admin/train-stats/queries';
import { useTrainingReport as useStudentReport } from '../areas/student/train/queries';
import { useMarkingWrites } from '../components/marking/queries';

const marked = (score: number): MarkingItem => ({
  recordId: 'r1',
  questionId: '1',
  type: 'shortAnswer',
  title: '简答题',
  stem: '<p>用英语描述你的周末。</p>',
  options: [],
  standardAnswer: ['参考答案'],
  explanation: '',
  answer: ['I played football'],
  text: 'I played football',
  subQuestions: [],
  maxScore: 1,
  pending: false,
  score,
  mark: {
    score,
    isCorrect: score === 1,
    comment: '',
    annotations: [],
    markerId: '6',
    marker: '王老师',
    markedAt: Date.UTC(2026, 0, 6),
  },
  history: [],
  claim: null,
  createTime: Date.UTC(2026, 0, 5, 8, 1),
});

function Reports() {
  const staff = useStaffReport('301');
  const student = useStudentReport('301');
  return (
    <>
      <output data-testid="staff">{staff.data ? `${staff.data.training.score}分` : ''}</output>
      <output data-testid="student">{student.data ? `${student.data.training.score}分` : ''}</output>
    </>
  );
}

function Marker() {
  const { mark } = useMarkingWrites('0', '301');
  return <button onClick={() => mark.mutate({ recordId: 'r1', request: { score: 1, comment: '' } })}>保存批改</button>;
}

describe('a mark refreshes the training report', () => {
  it('the staff and student reads share one report; saving a mark reads it again with the new score', async () => {
    let report: TrainingReport = { ...REPORT, training: { ...REPORT.training, score: 2 } };
    let reads = 0;
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/train/report/301': () => {
        reads += 1;
        return { json: envelope(report) };
      },
      'POST /v1/marking/record/r1': () => {
        report = { ...REPORT, training: { ...REPORT.training, score: 3 } };
        return { json: envelope(marked(1)) };
      },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SessionContext.Provider value={s.session}>
          <Reports />
          <Marker />
        </SessionContext.Provider>
      </AppProviders>,
    );
    expect(await screen.findAllByText('2分')).toHaveLength(2);
    expect(reads).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '保存批改' }));
    expect(await screen.findAllByText('3分')).toHaveLength(2);
    expect(screen.getByTestId('staff').textContent).toBe('3分');
    expect(screen.getByTestId('student').textContent).toBe('3分');
  });
});
