// Route preloading (docs/web.md "Route preloading"): the matched route (react-router's ranking, optional
// segments) has its layout's and page's chunks started and its prefetch run with the path's parameters, again on
// each navigation;
// a user who must change their password gets none; on the real route table the editor's read is prefetched once
// and not read again when the page mounts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import type { ComponentType } from 'react';
import type { GraphDetail } from '@edu/contract';
import { AppProviders, createQueryClient } from '../app/providers';
import { SessionContext } from '../app/session-context';
import type { PrefetchContext, RouteDef } from '../app/route-types';
import { lazyPage } from '../app/lazy-page';
import { loginInfo } from '../test/fixtures';
import { makeSession, renderApp } from '../test/render';
import { LAYOUTS } from './layouts';
import { FirstRoutePath, matchRouteDef, useRoutePreload } from './route-preload';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const def = (pattern: string, over: Partial<RouteDef> = {}): RouteDef => ({
  pattern,
  area: 'admin',
  layout: 'admin',
  title: pattern,
  ...over,
});

describe('matchRouteDef', () => {
  const defs = [
    def('/admin'),
    def('/admin/question/create/:type/:from?'),
    def('/admin/knowledgraph/groups'),
    def('/admin/knowledgraph/group/:id/items'),
  ];

  it('finds the route that renders, with its parameters', () => {
    expect(matchRouteDef(defs, '/admin/knowledgraph/group/42/items')).toEqual({
      def: defs[3],
      params: { id: '42' },
    });
    expect(matchRouteDef(defs, '/admin/knowledgraph/groups')?.def).toBe(defs[2]);
    expect(matchRouteDef(defs, '/admin')?.def).toBe(defs[0]);
  });

  it('matches with and without an optional segment', () => {
    expect(matchRouteDef(defs, '/admin/question/create/1')?.params).toEqual({ type: '1' });
    expect(matchRouteDef(defs, '/admin/question/create/1/list')?.params).toEqual({ type: '1', from: 'list' });
  });

  it('nothing for a path no route renders', () => {
    expect(matchRouteDef(defs, '/admin/no/such/page')).toBeNull();
    expect(matchRouteDef(defs, '/admin/knowledgraph/group/42')).toBeNull();
  });
});

describe('useRoutePreload', () => {
  function setup() {
    const load = vi.fn(() => Promise.resolve({ default: (() => null) as ComponentType }));
    const prefetch = vi.fn<(ctx: PrefetchContext) => void>();
    const layout = vi.spyOn(LAYOUTS.admin.Layout, 'preload');
    const defs = [
      def('/admin/knowledgraph/group/:id/items', { page: lazyPage(load), prefetch }),
      def('/admin/knowledgraph/groups', { page: lazyPage(load) }),
    ];
    let go: (to: string) => void = () => undefined;
    function Probe() {
      useRoutePreload(defs);
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return null;
    }
    return { load, layout, prefetch, Probe, navigate: (to: string) => go(to) };
  }

  async function mount(Probe: () => null, user: ReturnType<typeof loginInfo>, path: string, firstPath?: string) {
    const { session } = await makeSession(user);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SessionContext.Provider value={session}>
          <FirstRoutePath.Provider value={firstPath ?? null}>
            <MemoryRouter initialEntries={[path]}>
              <Probe />
            </MemoryRouter>
          </FirstRoutePath.Provider>
        </SessionContext.Provider>
      </AppProviders>,
    );
  }

  it("starts the layout's and the page's chunks and runs its prefetch with the path's parameters, again on navigation", async () => {
    const { load, layout, prefetch, Probe, navigate } = setup();
    await mount(Probe, loginInfo(['edu:admin']), '/admin/knowledgraph/group/7/items');
    expect(layout).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const ctx = prefetch.mock.calls[0][0];
    expect(ctx.params).toEqual({ id: '7' });
    expect(ctx.agencyId).toBe('demo');
    expect(typeof ctx.call).toBe('function');
    await act(async () => navigate('/admin/knowledgraph/group/8/items'));
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(prefetch.mock.calls[1][0].params).toEqual({ id: '8' });
    // The chunk loads once, however often it is asked for.
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => navigate('/admin/knowledgraph/groups'));
    expect(load).toHaveBeenCalledTimes(2);
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('makes no second prefetch for the first route the app started itself, and prefetches on later navigations', async () => {
    const { load, prefetch, Probe, navigate } = setup();
    const path = '/admin/knowledgraph/group/7/items';
    await mount(Probe, loginInfo(['edu:admin']), path, path);
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
    await act(async () => navigate('/admin/knowledgraph/group/8/items'));
    expect(prefetch).toHaveBeenCalledTimes(1);
    await act(async () => navigate(path));
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('preloads nothing for a user who must change their password', async () => {
    const { load, layout, prefetch, Probe } = setup();
    await mount(Probe, loginInfo(['edu:admin'], ['demo'], { mustChangePassword: true }), '/admin/knowledgraph/groups');
    expect(layout).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('on the app (the graph editor)', () => {
  it('the group is read once: prefetched by the route, not again when the page mounts', async () => {
    const detail: GraphDetail = {
      group: {
        id: '7',
        name: '初中英语时态',
        subjectId: 'en',
        gradeId: null,
        description: '',
        sort: 1,
        itemCount: 0,
        edgeCount: 0,
        createTime: 0,
        lastUpdate: 0,
      },
      items: [],
      edges: [],
    };
    const { session, calls } = await makeSession(loginInfo(['edu:knowledgraph:admin']), {
      'GET /v1/knowledgraph/group/7': detail,
    });
    renderApp(session, ['/admin/knowledgraph/group/7/items']);
    expect(await screen.findByText('编辑图谱：初中英语时态', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/knowledgraph/group/7')).toHaveLength(1);
  });
});
