import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditorBoundary } from './EditorBoundary';

describe('EditorBoundary', () => {
  it('shows a notice instead of the failing editor and re-mounts it on request', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Child() {
      if (fail) throw new Error('boom');
      return <p>editor</p>;
    }
    render(<EditorBoundary>{(attempt) => <Child key={attempt} />}</EditorBoundary>);
    expect(screen.getByText('编辑器出错了，内容未丢失。')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('重新加载编辑器'));
    expect(screen.getByText('editor')).toBeTruthy();
    quiet.mockRestore();
  });
});
