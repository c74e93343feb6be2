import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { JobProgress } from './JobProgress';

const bar = (c: HTMLElement) => c.querySelector('.ant-progress')!;

describe('JobProgress (docs/web.md "Server state")', () => {
  it('before the first read: the label over an empty, active bar', () => {
    const { container } = render(<JobProgress job={undefined} label="正在开始…" />);
    expect(screen.getByText('正在开始…')).toBeTruthy();
    expect(bar(container).getAttribute('aria-valuenow')).toBe('0');
    expect(bar(container).className).toContain('ant-progress-status-active');
  });

  it('while running: processed / total as the bar and its text', () => {
    const { container } = render(
      <JobProgress
        job={{ status: 'running', processed: 1, total: 4 }}
        text={(j, p) => `${j?.processed} / ${j?.total} (${p}%)`}
      />,
    );
    expect(bar(container).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('1 / 4 (25%)')).toBeTruthy();
    expect(bar(container).className).toContain('ant-progress-status-active');
  });

  it('done is full and green, failed is red', () => {
    const done = render(<JobProgress job={{ status: 'done', processed: 0, total: 0 }} />);
    expect(bar(done.container).getAttribute('aria-valuenow')).toBe('100');
    expect(bar(done.container).className).toContain('ant-progress-status-success');
    done.unmount();
    const failed = render(<JobProgress job={{ status: 'failed', processed: 1, total: 3 }} />);
    expect(bar(failed.container).className).toContain('ant-progress-status-exception');
  });

  it('shows no figure while the job has no total yet', () => {
    const { container } = render(
      <JobProgress job={{ status: 'running', processed: 0, total: 0 }} showInfo={false} text={() => '0 / 0'} />,
    );
    expect(container.querySelector('.ant-progress-indicator, .ant-progress-text')).toBeNull();
    expect(screen.queryByText('0 / 0')).toBeNull();
  });
});
