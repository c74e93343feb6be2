// student/knowledgegraph/mine against a fake API: on a phone the curated graph shows as a list grouped by state
// (headings, buttons) and 去练习 starts a training on the point and opens it, 掌握测验 in a detail a mastery check;
// on a wide screen the graph is drawn with the ready item highlighted and each node's progress bar; without a
// curated graph the mastery tree shows as before.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT } from '../../../test/trainings';
import { point } from '../wrong/test-kit';
import { GRAPH, graphTestSetup } from '../../../components/knowledge-graph/graph-test-kit';

const { phone } = graphTestSetup();

/** The list's section under a heading (found by text: role queries over the whole antd page are slow). */
/** A button by its text or accessible label (role queries compute styles over the antd page: seconds each). */
const buttonOf = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLElement>(`button[aria-label="${name}"]`) ??
  within(root).queryByText(name)?.closest('button') ??
  null;

const section = (heading: string) => {
  const h = screen.getByText(heading);
  expect(h.tagName).toBe('H4');
  return h.closest('section') as HTMLElement;
};

describe('student/knowledgegraph/mine', () => {
  it('on a phone lists the items by state and 去练习 opens a training on the point', async () => {
    phone();
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/knowledgegraph': { graphs: [GRAPH] },
      'POST /v1/student/knowledgegraph/practice': { trainId: '77' },
    });
    renderApp(s.session, ['/student/knowledgegraph/mine']);
    expect(await screen.findByText('可以学习 1 个', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('初中英语时态').tagName).toBe('H3');
    expect(buttonOf(section('可以学习 1 个'), '一般过去时')).toBeTruthy();
    expect(buttonOf(section('学习中 1 个'), '现在完成时')).toBeTruthy();
    expect(buttonOf(section('已掌握 1 个'), '一般现在时')).toBeTruthy();
    const locked = section('未解锁 1 个');
    expect(buttonOf(locked, '过去完成时')).toBeTruthy();
    // What is still missing, and no practice from a locked or mastered item.
    expect(within(locked).getByText('先掌握：一般过去时')).toBeTruthy();
    expect(locked.querySelector('button[aria-label^="去练习"]')).toBeNull();
    expect(section('已掌握 1 个').querySelector('button[aria-label^="去练习"]')).toBeNull();
    expect(buttonOf(section('学习中 1 个'), '去练习「现在完成时」')).toBeTruthy();
    // No React Flow on the list view.
    expect(document.querySelector('.react-flow')).toBeNull();

    // Opening an item shows its detail.
    fireEvent.click(buttonOf(section('学习中 1 个'), '现在完成时')!);
    const detail = await waitFor(() => {
      const d = document.querySelector<HTMLElement>('[aria-label="知识点「现在完成时」"]');
      if (!d) throw new Error('no detail');
      return d;
    });
    expect(within(detail).getByText('熟悉')).toBeTruthy();
    expect(within(detail).getByText('一般过去时')).toBeTruthy();

    fireEvent.click(buttonOf(section('可以学习 1 个'), '去练习「一般过去时」')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/train/77/do'));
    expect(s.calls.find((c) => c.method === 'POST')?.body).toEqual({
      request: { knowledgeCode: 'en.t2', mode: 'practice' },
    });
  });

  it('asks before ending a running practice of another point that holds answers', async () => {
    phone();
    const running = { trainId: '70', knowledgeCode: 'en.t3', mode: 'practice', title: '练习：现在完成时', answered: 2 };
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/knowledgegraph': { graphs: [GRAPH], running },
      'POST /v1/student/knowledgegraph/practice': { trainId: '79' },
    });
    renderApp(s.session, ['/student/knowledgegraph/mine']);
    expect(await screen.findByText('可以学习 1 个', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(buttonOf(section('可以学习 1 个'), '去练习「一般过去时」')!);
    expect(
      await screen.findByText(
        '你正在进行「练习：现在完成时」，已答 2 题。开始新的练习会结束它（已答的题目和成绩会保留）。',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('继续原来的练习'));
    expect(s.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(buttonOf(section('可以学习 1 个'), '去练习「一般过去时」')!);
    const ok = await screen.findAllByText('结束并开始');
    fireEvent.click(ok[ok.length - 1]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/train/79/do'));
  });

  it('掌握测验 in an item’s detail starts a mastery check of the point, and says how mastering works', async () => {
    phone();
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/knowledgegraph': { graphs: [GRAPH] },
      'POST /v1/student/knowledgegraph/practice': { trainId: '78' },
    });
    renderApp(s.session, ['/student/knowledgegraph/mine']);
    expect(await screen.findByText('学习中 1 个', {}, { timeout: 15_000 })).toBeTruthy();
    // Not in the list's rows: a check is chosen where what it takes is said.
    expect(document.querySelector('button[aria-label^="掌握测验"]')).toBeNull();
    fireEvent.click(buttonOf(section('学习中 1 个'), '现在完成时')!);
    const detail = await waitFor(() => {
      const d = document.querySelector<HTMLElement>('[aria-label="知识点「现在完成时」"]');
      if (!d) throw new Error('no detail');
      return d;
    });
    expect(within(detail).getByText(/全部作答且全部答对即掌握/)).toBeTruthy();
    fireEvent.click(buttonOf(detail, '掌握测验「现在完成时」')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/train/78/do'));
    expect(s.calls.find((c) => c.method === 'POST')?.body).toEqual({
      request: { knowledgeCode: 'en.t4', mode: 'check' },
    });
  });

  it('on a wide screen draws the graph, the ready item highlighted, and switches to the list', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/student/knowledgegraph': { graphs: [GRAPH] } });
    const { container } = renderApp(s.session, ['/student/knowledgegraph/mine']);
    const ready = await waitFor(
      () => {
        const n = container.querySelector<HTMLElement>('.graph-node-ready');
        if (!n) throw new Error('no graph yet');
        return n;
      },
      { timeout: 15_000 },
    );
    expect(ready.textContent).toBe('一般过去时');
    expect(container.querySelectorAll('.graph-node-locked')).toHaveLength(1);
    // Each node's bar shows how far its level is towards mastered; an item never answered in has none.
    const share = (cls: string) =>
      container.querySelector(`.graph-node-${cls} .graph-node-progress`)?.getAttribute('data-share') ?? null;
    expect([share('mastered'), share('ready'), share('learning'), share('locked')]).toEqual(['1', '0.25', '0.5', null]);
    expect(container.querySelector('.graph-node-learning')?.getAttribute('title')).toBe('现在完成时（学习中，熟悉）');
    expect(container.querySelector('[role=figure]')?.getAttribute('aria-label')).toBe('知识图谱「初中英语时态」');
    fireEvent.click(screen.getByText('列表'));
    expect((await screen.findByText('可以学习 1 个')).tagName).toBe('H4');
  });

  it('on a phone the drawn graph says how to see the rest; its names are sized for the zoom (fit.ts labelSize)', async () => {
    phone();
    // jsdom lays nothing out: the canvas gets a phone's box (327 × 528), the rest keeps none.
    const sized = (px: number) =>
      function (this: HTMLElement) {
        return this.classList.contains('graph-canvas') ? px : 0;
      };
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(sized(327));
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(sized(528));
    onTestFinished(() => {
      width.mockRestore();
      height.mockRestore();
    });
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/student/knowledgegraph': { graphs: [GRAPH] } });
    const { container } = renderApp(s.session, ['/student/knowledgegraph/mine']);
    await screen.findByText('可以学习 1 个', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByText('图谱'));
    expect(await screen.findByText(/拖动或双指缩放查看其余部分/)).toBeTruthy();
    const canvas = await waitFor(
      () => {
        const c = container.querySelector<HTMLElement>('.graph-canvas');
        if (!c?.style.getPropertyValue('--graph-label-size')) throw new Error('no names sized yet');
        return c;
      },
      { timeout: 15_000 },
    );
    // Opened fitted (a small graph fits a phone) and its names at least 12 px on the screen, drawn larger than 13 px.
    const zoom = Number(
      /scale\(([\d.]+)\)/.exec(
        container.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '',
      )?.[1],
    );
    const size = parseFloat(canvas.style.getPropertyValue('--graph-label-size'));
    expect(zoom).toBeLessThan(1);
    expect(size).toBeGreaterThan(13);
    expect(size * zoom).toBeGreaterThanOrEqual(12);
    expect(container.querySelector('.graph-node-ready')?.textContent).toBe('一般过去时');
  });

  it('without a curated graph shows the mastery tree', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/knowledgegraph': { graphs: [] },
      'GET /v1/mastery/points': [point({ code: 'en', name: '英语', level: 'familiar' })],
    });
    const { container } = renderApp(s.session, ['/student/knowledgegraph/mine']);
    await waitFor(() => expect(container.querySelector('.kp-node.kp-familiar')).toBeTruthy(), { timeout: 15_000 });
    expect(screen.queryByText('列表')).toBeNull();
  });
});
