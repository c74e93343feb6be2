// The notice drawer (docs/notices.md "The bell"): the user's notices newest first, 全部已读, and a press on a notice
// marks it read and opens its link — in the notice's agency when the user may act there. A chunk of its own.
import { Button, Drawer, Empty, Spin, Typography } from 'antd';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { cstClock, cstMonthDay, type Notice } from '@edu/contract';
import { API } from '../../api/routes';
import { errorText } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useAppConfig, useCall, useSession, useUser } from '../../app/session-context';
import { noticeKeys } from './notice-keys';
import { NOTICE_TEXTS as T } from './texts';

const PAGE = 20;

export function NoticeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const call = useCall();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { configStore, agencyFixed } = useSession();
  const { agencyId } = useAppConfig();
  const user = useUser();
  const list = useInfiniteQuery({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam }) => call(API.noticeList, { query: { start: pageParam, size: PAGE } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((s, p) => s + p.list.length, 0);
      return last.list.length > 0 && loaded < Number(last.total) ? loaded : undefined;
    },
    enabled: open,
    staleTime: 0,
  });
  const readAll = useApiMutation({
    mutationFn: () => call(API.noticeReadAll),
    success: T.allRead,
    invalidates: [noticeKeys.all],
  });
  const readOne = useApiMutation({
    mutationFn: (id: string) => call(API.noticeRead, { params: { id } }),
    invalidates: [noticeKeys.all],
  });

  const openNotice = (n: Notice) => {
    if (n.readAt === null) void readOne.run(n.id);
    // A report is read in its training's agency: switch to it when the user may act there.
    const other = n.agencyId !== null && n.agencyId !== agencyId;
    if (other && !agencyFixed && user?.agencies.some((a) => a.id === n.agencyId)) {
      configStore.setAgencyId(n.agencyId!);
      void queryClient.invalidateQueries();
    }
    onClose();
    if (n.link) void navigate(n.link);
  };

  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const anyUnread = items.some((n) => n.readAt === null);
  return (
    <Drawer
      title={T.title}
      placement="right"
      // The full width on a phone.
      size={Math.min(400, window.innerWidth)}
      open={open}
      onClose={onClose}
      extra={
        <Button size="small" disabled={!anyUnread} loading={readAll.isPending} onClick={() => void readAll.run()}>
          {T.readAll}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      {list.isPending ? (
        <div style={{ padding: 32, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : list.isError ? (
        <div style={{ padding: 24 }}>
          <Typography.Text type="danger">
            {T.loadFailed}：{errorText(list.error)}
          </Typography.Text>{' '}
          <Button size="small" onClick={() => void list.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <Empty description={T.empty} style={{ padding: 32 }} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={T.title}>
          <li style={{ padding: '8px 16px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {T.timesInCst}
            </Typography.Text>
          </li>
          {items.map((n) => (
            <li key={n.id}>
              <NoticeItem notice={n} onOpen={openNotice} />
            </li>
          ))}
          {list.hasNextPage && (
            <li style={{ padding: 12, textAlign: 'center' }}>
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {T.more}
              </Button>
            </li>
          )}
        </ul>
      )}
    </Drawer>
  );
}

/** `01-05 16:00` in China Standard Time, whatever the browser's zone (docs/helpers.md "China Standard Time"). */
const noticeTime = (ms: number) => `${cstMonthDay(ms)} ${cstClock(ms)}`;

function NoticeItem({ notice: n, onOpen }: { notice: Notice; onOpen: (n: Notice) => void }) {
  const unread = n.readAt === null;
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        padding: '12px 16px',
        border: 'none',
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        background: unread ? '#f0f7ff' : 'transparent',
        cursor: 'pointer',
        font: 'inherit',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {unread && (
          <span
            aria-label={T.unread}
            style={{ width: 8, height: 8, borderRadius: 4, background: '#1677ff', flex: 'none' }}
          />
        )}
        <Typography.Text strong={unread} style={{ flex: 1, minWidth: 0 }} ellipsis>
          {n.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
          {noticeTime(n.createdAt)}
        </Typography.Text>
      </div>
      {n.body && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 13 }}>
          {n.body}
        </Typography.Paragraph>
      )}
    </button>
  );
}
