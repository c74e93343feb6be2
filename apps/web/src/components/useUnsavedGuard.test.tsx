// The unsaved-changes guard (docs/web.md "Unsaved changes") on fake timers, under the app's navigation guard: a
// navigation while dirty asks 有未保存的修改，确定离开吗？ — 留下 stays, 离开 goes — for links, navigate(-1) and the
// browser's back button; nothing is asked when clean, after release(), for a hash-only change, or in-app with
// `inApp: false`; closing the tab is asked through beforeunload while dirty only.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { NavigationGuard } from '../app/navigation-guard';
import { AppProviders, createQueryClient } from '../app/providers';
import { buttonIn, openDialog } from '../test/antd';
import { useUnsavedGuard, type UnsavedGuardOptions } from './useUnsavedGuard';

const QUESTION = '有未保存的修改，确定离开吗？';

function Editor({ options }: { options?: UnsavedGuardOptions }) {
  const [text, setText] = useState('');
  const guard = useUnsavedGuard(text !== '', options);
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="正文" value={text} onChange={(e) => setText(e.target.value)} />
      <Link to="/elsewhere">别处</Link>
      <Link to="/editor?page=2">第二页</Link>
      <Link to="/editor#part">本页锚点</Link>
      <button
        onClick={() => {
          guard.release();
          void navigate('/saved');
        }}
      >
        保存并离开
      </button>
      <button onClick={() => void navigate(-1)}>上一页</button>
    </>
  );
}

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="at">{`${pathname}${search}${hash}`}</output>;
}

const routes = (options?: UnsavedGuardOptions) => (
  <NavigationGuard>
    <Routes>
      <Route path="/editor" element={<Editor options={options} />} />
      <Route path="*" element={<p>另一页</p>} />
    </Routes>
    <Where />
  </NavigationGuard>
);

function renderEditor(options?: UnsavedGuardOptions, entries = ['/editor']) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {routes(options)}
      </MemoryRouter>
    </AppProviders>,
  );
}
const at = () => screen.getByTestId('at').textContent;

/** The dialog open now (not one still playing its leave motion). */
const asking = () => openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
const type = (value: string) => fireEvent.change(screen.getByLabelText('正文'), { target: { value } });
/** Lets antd's dialog open or close (its motion runs on timers). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(1000));
/** An open dialog asking (one closing plays its leave motion, which jsdom never ends). */
const dialogShown = () =>
  [...document.querySelectorAll('.ant-modal-confirm-title')].some(
    (e) => e.textContent === QUESTION && !e.closest('[style*="display: none"], .ant-zoom-leave'),
  );
const unload = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useUnsavedGuard', () => {
  it('clean: leaves without asking, and closing the tab is not held', async () => {
    renderEditor();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByText('别处'));
    await settle();
    expect(at()).toBe('/elsewhere');
    expect(dialogShown()).toBe(false);
  });

  it('dirty: asks first; 留下 keeps the page and what was typed, 离开 goes', async () => {
    renderEditor();
    type('写了一半');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('别处'));
    await settle();
    const dialog = await asking();
    expect(dialog.textContent).toContain(QUESTION);
    expect(dialog.textContent).toContain('离开后，这些修改将会丢失。');
    fireEvent.click(buttonIn(dialog, '留下'));
    await settle();
    expect(at()).toBe('/editor');
    expect(screen.getByLabelText<HTMLInputElement>('正文').value).toBe('写了一半');
    expect(dialogShown()).toBe(false);

    // Another page of the same editor (a query) is leaving too.
    fireEvent.click(screen.getByText('第二页'));
    await settle();
    fireEvent.click(buttonIn(await asking(), '离开'));
    await settle();
    expect(at()).toBe('/editor?page=2');
  });

  it('asks on navigate(-1) as well', async () => {
    renderEditor(undefined, ['/list', '/editor']);
    type('x');
    fireEvent.click(screen.getByText('上一页'));
    await settle();
    expect(at()).toBe('/editor');
    fireEvent.click(buttonIn(await asking(), '离开'));
    await settle();
    expect(at()).toBe('/list');
  });

  it("holds the browser's back button: the page stays until 离开", async () => {
    // The editor with a page before it in the tab's history (react-router keeps its index in the state).
    window.history.replaceState({ usr: null, key: 'l', idx: 0 }, '', '/list');
    window.history.pushState({ usr: null, key: 'e', idx: 1 }, '', '/editor');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <BrowserRouter>{routes()}</BrowserRouter>
      </AppProviders>,
    );
    type('写了一半');
    window.history.back();
    await waitFor(() => expect(dialogShown()).toBe(true));
    expect(at()).toBe('/editor');
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(screen.getByLabelText<HTMLInputElement>('正文').value).toBe('写了一半');
    fireEvent.click(buttonIn(await asking(), '离开'));
    await waitFor(() => expect(at()).toBe('/list'));
    expect(window.location.pathname).toBe('/list');
  });

  it('lets a hash change through, and the navigation after a save (release)', async () => {
    renderEditor();
    type('x');
    fireEvent.click(screen.getByText('本页锚点'));
    await settle();
    expect(at()).toBe('/editor#part');
    expect(dialogShown()).toBe(false);
    fireEvent.click(screen.getByText('保存并离开'));
    await settle();
    expect(at()).toBe('/saved');
    expect(dialogShown()).toBe(false);
  });

  it('inApp: false lets in-app navigation through and holds only the tab closing', async () => {
    renderEditor({ inApp: false });
    type('x');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('别处'));
    await settle();
    expect(at()).toBe('/elsewhere');
    expect(dialogShown()).toBe(false);
    // Gone from the page: the tab closes freely.
    expect(unload()).toBe(false);
  });
});
