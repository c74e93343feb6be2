// Grades, subjects and the knowledge tree as queries: loaded when a page asks, once for all its users,
// expanded from the compact tree, loaded again after invalidateKnowledge; nothing for a visitor.
import { act, render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KP_TREE, loginInfo } from '../test/fixtures';
import { makeSession } from '../test/render';
import { invalidateKnowledge, useGrades, useKnowledgePoints, useSubjects } from './dictionaries';
import { AppProviders, createQueryClient } from './providers';
import { SessionContext } from './session-context';
import type { Session } from './startup';

function Points({ label }: { label: string }) {
  const { points, isPending } = useKnowledgePoints();
  if (isPending) return <p>{label} 加载中</p>;
  return <p>{`${label}: ${points.map((p) => `${p.code}/${p.parentCode ?? '-'}/${p.lv}`).join(' ')}`}</p>;
}

function Dictionaries() {
  const grades = useGrades();
  const subjects = useSubjects();
  return <p>{`年级 ${grades.data?.length ?? '…'} 学科 ${subjects.data?.length ?? '…'}`}</p>;
}

function show(session: Session, children: React.ReactNode): QueryClient {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </AppProviders>,
  );
  return queryClient;
}

const treeCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === '/v1/exam/question/knowledgepoints/tree').length;

describe('useKnowledgePoints', () => {
  it('shows a loading state, then the points of one compact-tree call shared by every user of the hook', async () => {
    const { session, calls } = await makeSession(loginInfo(['edu:admin']));
    expect(treeCalls(calls)).toBe(0);
    show(
      session,
      <>
        <Points label="甲" />
        <Points label="乙" />
      </>,
    );
    expect(screen.getByText('甲 加载中')).toBeTruthy();
    const expected = [
      'en/-/subject ma/-/subject ma.g7/ma/grade en.g7/en/grade en.g8/en/grade',
      'en.g7.c1/en.g7/chapter en.g7.c1.k1/en.g7.c1/lv1',
    ].join(' ');
    expect(await screen.findByText(`甲: ${expected}`)).toBeTruthy();
    expect(screen.getByText(`乙: ${expected}`)).toBeTruthy();
    expect(treeCalls(calls)).toBe(1);
    expect(KP_TREE).toHaveLength(7);
  });

  it('loads the tree again after invalidateKnowledge', async () => {
    const { session, calls } = await makeSession(loginInfo(['edu:admin']));
    const queryClient = show(session, <Points label="甲" />);
    await screen.findByText((t) => t.startsWith('甲: en/'));
    await act(() => invalidateKnowledge(queryClient));
    await waitFor(() => expect(treeCalls(calls)).toBe(2));
  });

  it('asks nothing for a visitor', async () => {
    const { session, calls } = await makeSession(null);
    show(session, <Points label="甲" />);
    expect(await screen.findByText('甲:')).toBeTruthy();
    expect(treeCalls(calls)).toBe(0);
  });
});

describe('useGrades and useSubjects', () => {
  it('load the dictionaries when a page asks for them', async () => {
    const { session, calls } = await makeSession(null, {
      'GET /v1/general/data/grades': [{ id: 'g7', name: '初一', sort: 7 }],
      'GET /v1/general/data/subjects': [
        { id: 'en', name: '英语', sort: 1 },
        { id: 'math', name: '数学', sort: 2 },
      ],
    });
    expect(calls).toHaveLength(0);
    show(session, <Dictionaries />);
    expect(await screen.findByText('年级 1 学科 2')).toBeTruthy();
  });
});
