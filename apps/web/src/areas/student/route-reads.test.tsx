// The student pages of the first-load bench (docs/performance.md "First load") start their read with the route,
// beside the page's chunks (docs/web.md "Route preloading"): the home's GET /v1/student/home and the do-page's
// GET /v1/train/{id} are each read once — by the route's prefetch, not again when the page mounts — and the home's
// read is made for a student of the agency only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StudentHome } from '@edu/contract';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { STUDENT, training } from '../../test/trainings';

const none = { none: 20, attempted: 0, familiar: 0, proficient: 0, mastered: 0 };
const HOME: StudentHome = {
  serverTime: Date.now(),
  tasks: { total: 0, list: [] },
  training: { running: 0, current: null },
  review: { due: 0, all: 0, list: [] },
  scores: [],
  mastery: { total: 20, now: none, weekAgo: none },
};

describe("the student pages' first reads", () => {
  // The clock stands still: however slowly the page's chunk loads here, the prefetched read is this navigation's
  // (app/route-read.ts JUST_READ_MS); a page that read again on mounting would show as a second call.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the home is read once: started by its route, not again when the page mounts', async () => {
    const { session, calls } = await makeSession(loginInfo(STUDENT), { 'GET /v1/student/home': HOME });
    renderApp(session, ['/student/home']);
    expect(await screen.findByText('今天没有任务', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/student/home')).toHaveLength(1);
  });

  it('staff opening the home read nothing of it', async () => {
    const { session, calls } = await makeSession(loginInfo(['edu:agency:demo:teacher']));
    renderApp(session, ['/student/home']);
    expect(await screen.findByText('查看老师布置的任务', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/student/home')).toHaveLength(0);
  });

  it("the do-page's training is read once: started by its route, not again when the page mounts", async () => {
    const { session, calls } = await makeSession(loginInfo(STUDENT), { 'GET /v1/train/t1': training() });
    renderApp(session, ['/student/train/t1/do']);
    expect(await screen.findByText('名词专项', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/train/t1')).toHaveLength(1);
  });
});
