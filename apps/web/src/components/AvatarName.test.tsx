// The initial avatar beside a name (docs/product.md §9): its letter is the contract's avatarInitial.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { avatarInitial } from '@edu/contract';
import { AvatarName } from './AvatarName';

describe('AvatarName', () => {
  it.each([
    ['王小明', '王'],
    ['  alice', 'A'],
    ['émile', 'É'],
    ['👨‍👩‍👧 家', '👨‍👩‍👧'],
    ['', '?'],
  ])('shows %j with the initial %j beside the name', (name, initial) => {
    const { container } = render(<AvatarName name={name} />);
    const avatar = container.querySelector('.ant-avatar')!;
    expect(avatar.textContent).toBe(avatarInitial(name));
    expect(avatar.textContent).toBe(initial);
    expect(container.textContent).toBe(`${initial}${name}`);
  });

  it('shows what the page passes in place of the name', () => {
    const { container } = render(
      <AvatarName name="李小明">
        <a href="/x">李小明</a>
      </AvatarName>,
    );
    expect(container.querySelector('a')?.textContent).toBe('李小明');
    expect(container.querySelector('.ant-avatar')?.textContent).toBe('李');
  });
});
