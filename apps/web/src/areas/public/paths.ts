// Paths of the public area that other modules navigate to; apart from routes.ts, which imports the pages that
// navigate here (no import cycle, docs/architecture.md §3).

/** Not in docs/product.md §2: where a user with `mustChangePassword` is sent (docs/routes.md). */
export const PASSWORD_PATH = '/password';

/** Not in docs/product.md §2: where a user answers an agency's invitation (docs/users.md "Inviting an existing account"). */
export const INVITATIONS_PATH = '/invitations';
