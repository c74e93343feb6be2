import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ResultPage } from './ResultPage';
import { InitialAvatar } from './InitialAvatar';
import { Duration } from './Duration';

describe('ResultPage', () => {
  it.each([403, 404, 500] as const)('status %s draws its illustration', (status) => {
    const { container } = render(<ResultPage status={status} title="t" />);
    expect(container.querySelector(`.ant-result-${status} .ant-result-image svg`)).not.toBeNull();
  });

  it.each(['success', 'error', 'info', 'warning'] as const)('status %s draws an icon', (status) => {
    const { container } = render(<ResultPage status={status} title="t" />);
    expect(container.querySelector(`.ant-result-${status} .ant-result-icon .anticon`)).not.toBeNull();
    expect(container.querySelector('.ant-result-image')).toBeNull();
  });
});

describe('InitialAvatar (docs/product.md §9)', () => {
  it('shows the first character of the name in white bold on grey', () => {
    const { container } = render(<InitialAvatar name="  王小明" />);
    const avatar = container.querySelector('.ant-avatar') as HTMLElement;
    expect(avatar.textContent).toBe('王');
    expect(avatar.style.backgroundColor).toBe('rgb(191, 191, 191)');
    expect(avatar.style.color).toBe('rgb(255, 255, 255)');
    expect(avatar.style.fontWeight).toBe('700');
    expect(avatar.className).toContain('ant-avatar-circle');
  });

  it('shows the placeholder for an empty name', () => {
    const { container } = render(<InitialAvatar name="" />);
    expect(container.querySelector('.ant-avatar')?.textContent).toBe('?');
  });
});

describe('Duration', () => {
  it.each([
    [45, '45秒'],
    [125, '2分5秒'],
    [3660, '1小时1分'],
    [null, '--'],
    ['abc', '--'],
  ])('%s → %s', (v, text) => {
    const { container } = render(<Duration seconds={v} />);
    expect(container.textContent).toBe(text);
  });
});
