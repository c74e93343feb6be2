// lazyComponent (docs/web.md "Route preloading"): loads its chunk once however often it is asked, tries a failed
// load again, renders in the same pass (no fallback) once the chunk is in, and keeps an element that mounted before
// the chunk came (no remount, its state kept).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from './lazy-page';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

const inSuspense = (el: ReactNode) => <Suspense fallback={<p>加载中</p>}>{el}</Suspense>;

describe('lazyComponent', () => {
  it('loads once, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: ComponentType<{ label: string }> }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Counter });
    const C = lazyComponent(load);
    await expect(C.preload()).rejects.toThrow('chunk failed');
    await C.preload();
    await C.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('once its chunk is in, renders in the same pass: no fallback', async () => {
    const C = lazyComponent(() => Promise.resolve({ default: Counter }));
    await C.preload();
    render(inSuspense(<C label="图谱" />));
    // Synchronously, without waiting: the component itself, never the fallback.
    expect(screen.getByRole('button').textContent).toBe('图谱 0');
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('before its chunk is in: the fallback, then the component, kept across later renders', async () => {
    let resolve: (m: { default: typeof Counter }) => void = () => undefined;
    const C = lazyComponent(() => new Promise<{ default: typeof Counter }>((r) => (resolve = r)));
    const { rerender } = render(inSuspense(<C label="图谱" />));
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => resolve({ default: Counter }));
    expect(await screen.findByText('图谱 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    rerender(inSuspense(<C label="知识图谱" />));
    // The same element: its count survived the new props.
    expect(screen.getByRole('button').textContent).toBe('知识图谱 1');
  });
});
