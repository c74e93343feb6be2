// What an unregistered route shows (docs/product.md §2 and §8: not found).

export type NotFoundButton =
  /** Go back in the browser history. */
  | { text: '返回'; action: 'back' }
  /** Go to the site root, where the login is. */
  | { text: '前往登录'; action: 'navigate'; to: '/' };

export interface NotFoundPage {
  status: 403 | 404;
  title: '页面不存在' | '尚未登录';
  button: NotFoundButton;
}

/** Logged in: 404 页面不存在 with 返回 (back); visitor: 403 尚未登录 with 前往登录 (to `/`). */
export function notFoundPage(loggedIn: boolean): NotFoundPage {
  return loggedIn
    ? { status: 404, title: '页面不存在', button: { text: '返回', action: 'back' } }
    : { status: 403, title: '尚未登录', button: { text: '前往登录', action: 'navigate', to: '/' } };
}
