// The header's notice bell (docs/notices.md "The bell"): the unread count, polled every minute and on window
// focus; the first press loads the drawer with the list. A chunk loaded after the page, and it imports nothing
// the first load lacks (no antd, no icon package): a new lazy chunk's imports reshuffle the shared chunks, and the
// student's first load is at its budget (docs/performance.md "Bundle").
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../api/routes';
import { useCall, useUser } from '../../app/session-context';
import { noticeKeys, UNREAD_POLL_MS } from './notice-keys';
import { NOTICE_TEXTS as T } from './texts';

const NoticeDrawer = lazy(() => import('./NoticeDrawer').then((m) => ({ default: m.NoticeDrawer })));

/** A round text button like antd's, with the unread count over its corner (inline: no CSS file to preload). */
const BELL = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 32,
  height: 32,
  padding: 0,
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: 'rgba(0, 0, 0, 0.88)',
  cursor: 'pointer',
} as const;
const COUNT = {
  position: 'absolute',
  top: -2,
  right: -6,
  minWidth: 16,
  height: 16,
  padding: '0 4px',
  borderRadius: 8,
  background: '#ff4d4f',
  color: '#fff',
  fontSize: 11,
  lineHeight: '16px',
  textAlign: 'center',
  boxShadow: '0 0 0 1px #fff',
} as const;

/** Nothing for a visitor: notices are a signed-in user's own. */
export function NoticeBell() {
  return useUser() ? <Bell /> : null;
}

function Bell() {
  const call = useCall();
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  const unread = useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: () => call(API.noticeUnread),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const n = unread.data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        style={BELL}
        aria-label={n > 0 ? T.bellUnread(n) : T.bell}
        aria-expanded={open}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        {/* antd's BellOutlined, drawn here (see the module comment). */}
        <svg viewBox="64 64 896 896" width="18" height="18" fill="currentColor" aria-hidden focusable="false">
          <path d="M816 768h-24V428c0-141.1-104.3-257.7-240-277.1V112c0-22.1-17.9-40-40-40s-40 17.9-40 40v38.9c-135.7 19.4-240 136-240 277.1v340h-24c-17.7 0-32 14.3-32 32v32c0 4.4 3.6 8 8 8h216c0 61.8 50.2 112 112 112s112-50.2 112-112h216c4.4 0 8-3.6 8-8v-32c0-17.7-14.3-32-32-32zM512 888c-26.5 0-48-21.5-48-48h96c0 26.5-21.5 48-48 48zM304 768V428c0-55.6 21.6-107.8 60.9-147.1S456.4 220 512 220c55.6 0 107.8 21.6 147.1 60.9S720 372.4 720 428v340H304z" />
        </svg>
        {n > 0 && (
          <span style={COUNT} aria-hidden>
            {n > 99 ? '99+' : n}
          </span>
        )}
      </button>
      {pressed && (
        <Suspense fallback={null}>
          <NoticeDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
