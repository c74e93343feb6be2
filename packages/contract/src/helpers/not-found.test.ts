import { describe, expect, it } from 'vitest';
import { notFoundPage } from './not-found.js';

describe('notFoundPage (docs/product.md §2, §8)', () => {
  it('tells a logged-in user the page does not exist, with a back button', () => {
    expect(notFoundPage(true)).toEqual({ status: 404, title: '页面不存在', button: { text: '返回', action: 'back' } });
  });

  it('tells a visitor to log in, with a button to the site root', () => {
    expect(notFoundPage(false)).toEqual({
      status: 403,
      title: '尚未登录',
      button: { text: '前往登录', action: 'navigate', to: '/' },
    });
  });

  it('answers a fresh object each time', () => {
    expect(notFoundPage(true)).not.toBe(notFoundPage(true));
  });
});
