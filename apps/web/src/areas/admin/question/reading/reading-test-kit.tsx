// Test support for the reading panels and the AI settings pages: a logged-in session over a fake fetch (real
// client, real TanStack Query with retries off), the UI rendered inside the app's providers.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Question, QuestionSub } from '@edu/contract';
import { AppProviders, createQueryClient } from '../../../../app/providers';
import { SessionContext } from '../../../../app/session-context';
import { startUp } from '../../../../app/startup';
import { USERINFO_KEY } from '../../../../app/stores';
import { fakeFetch, MemoryStorage, type FakeRoute } from '../../../../test/fake-api';
import { loginInfo, question } from '../../../../test/fixtures';

export async function readingSession(routes: Record<string, FakeRoute>, roles = ['edu:agency:demo:admin']) {
  const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(loginInfo(roles)) });
  const fake = fakeFetch(routes);
  const session = await startUp({
    storage,
    hostname: 'localhost',
    runtime: { defaultAgencyId: 'demo', agencyDomainSuffixes: [] },
    notify: vi.fn(),
    fetch: fake.fetch,
    log: () => {},
  });
  return { session, calls: fake.calls };
}

export function renderWith(session: Awaited<ReturnType<typeof readingSession>>['session'], ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const wrap = (node: ReactNode) => (
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionContext.Provider>
    </AppProviders>
  );
  const view = render(wrap(ui));
  return { ...view, queryClient, rerenderWith: (node: ReactNode) => view.rerender(wrap(node)) };
}

export function sub(id: string, over: Partial<QuestionSub> = {}): QuestionSub {
  return {
    questionSubId: id,
    type: 'singleChoice',
    title: `What does "ubiquitous" mean in sentence ${id}?`,
    desc: '',
    answer: ['B'],
    options: [
      { key: 'A', content: 'rare' },
      { key: 'B', content: 'found everywhere' },
      { key: 'C', content: 'expensive' },
      { key: 'D', content: 'ancient' },
    ],
    status: 'pending',
    explanation: 'The article says phones are ubiquitous: "everyone carries one".',
    ...over,
  };
}

export function readingQuestion(version: number, subs: QuestionSub[]): Question {
  return question({
    id: 'q1',
    version,
    type: 'enReading',
    question: '<p>Phones are ubiquitous. Everyone carries one.</p>',
    answer: [],
    options: [],
    questionSub: subs,
  });
}
