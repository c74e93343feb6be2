// The area header on a phone (docs/web.md "Small screens"): a labelled 菜单 button opens a drawer with the area's
// menu (and the agency switcher), the user menu shows the avatar only; wide screens keep the horizontal menu.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../test/fixtures';
import { makeSession, renderApp } from '../test/render';
import { phoneWidth } from '../test/phone-width';

describe('AreaHeader', () => {
  describe('on a 375 px phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = phoneWidth();
    });
    afterEach(() => restore());

    it('puts the menu behind a labelled 菜单 button and keeps the brand whole', async () => {
      const s = await makeSession(loginInfo(['edu:agency:demo:student'], ['demo', 'other']), {});
      renderApp(s.session, ['/student/home']);
      const menu = await screen.findByRole('button', { name: '菜单' });
      expect(screen.queryByRole('menu')).toBeNull();
      expect(screen.getByText('教育平台 · 学生')).toBeTruthy();
      // The user button keeps the name for screen readers but shows only the avatar.
      const user = screen.getByRole('button', { name: '张老师' });
      expect(user.textContent).toBe('张');
      expect(screen.queryByRole('combobox', { name: '机构' })).toBeNull();

      fireEvent.click(menu);
      const drawer = await screen.findByRole('dialog');
      expect(within(drawer).getByRole('combobox', { name: '机构' })).toBeTruthy();
      fireEvent.click(within(drawer).getByRole('link', { name: '错题本' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/student/wrong/list'));
      await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));
    });
  });

  it('on a wide screen keeps the horizontal menu and the user’s name', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:student']), {});
    renderApp(s.session, ['/student/home']);
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '菜单' })).toBeNull();
    expect(screen.getByRole('button', { name: '张老师' }).textContent).toContain('张老师');
  });
});
