// Query keys of the notices: the user's own, in no agency (docs/notices.md "Calls").
export const noticeKeys = {
  all: ['notices'] as const,
  unread: () => ['notices', 'unread'] as const,
  list: () => ['notices', 'list'] as const,
};

/** How often the bell asks for the unread count (also when the window gets the focus again). */
export const UNREAD_POLL_MS = 60_000;
