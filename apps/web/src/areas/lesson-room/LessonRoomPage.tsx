// The lesson room (docs/web.md "The lesson room"), one page for every area's room route in three layouts: `board`
// (class/tldraw: the board large, the video small), `video` (webrtc: the video large, the board beside it) and
// `full` (eventutor: both, with a side panel when one is given). The lesson's facts come over HTTP; a scheduled
// lesson waits (the teacher opens it), an ended one links to its replay, a live one joins the socket room.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Tag } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import AudioMutedOutlined from '@ant-design/icons/AudioMutedOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { LessonDetail, LessonRole, Peer } from '@edu/contract';
import { errorText, isEnvelopeError } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { API } from '../../api/routes';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageSpinner } from '../../components/PageSpinner';
import { ResultPage } from '../../components/ResultPage';
import { preloadLessonBoard } from '../../components/board/LessonBoard';
import { LessonStatusTag, lessonWhen } from '../../components/lessons/LessonParts';
import { joinable, OPEN_EARLY_MINUTES } from '../../components/lessons/lesson-state';
import { LESSON_PATHS } from '../../components/lessons/paths';
import { LESSON_KEY, useLessonDetail } from '../../components/lessons/queries';
import { LESSON_TEXTS } from '../../components/lessons/texts';
import { useNow } from '../../components/lessons/use-now';
import { BoardPanel } from './board/BoardPanel';
import { LessonEngine } from './engine/LessonEngine';
import { RoomClient, type RoomState } from './room-client';
import { ROOM_TEXTS } from './texts';
import { useVideoCall } from './video/use-video-call';
import { VideoPanel } from './video/VideoPanel';
import './lesson-room.css';

export type RoomLayout = 'board' | 'video' | 'full';

/** Where the room's 返回 and the replay link go, by the area the room is opened in. */
function areaOf(pathname: string) {
  if (pathname.startsWith('/admin')) return { home: '/admin', replay: LESSON_PATHS.adminReplay };
  if (pathname.startsWith('/student')) return { home: '/student/webrtc', replay: LESSON_PATHS.studentReplay };
  return { home: '/WTPteacher', replay: null };
}

function BackButton() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { home } = areaOf(pathname);
  return (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={ROOM_TEXTS.back}
      onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate(home))}
    >
      <span className="lesson-room-hide-phone">{ROOM_TEXTS.back}</span>
    </Button>
  );
}

/** The teacher's 开始上课 and 下课, each behind a confirmation. */
function useOpenClose(lesson: LessonDetail) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const params = { params: { id: lesson.lessonId } };
  const open = useApiMutation({
    mutationFn: () => call(API.lessonOpen, params),
    invalidates: [[LESSON_KEY]],
    success: ROOM_TEXTS.opened,
  });
  const close = useApiMutation({
    mutationFn: () => call(API.lessonClose, params),
    invalidates: [[LESSON_KEY]],
    success: ROOM_TEXTS.closed,
  });
  return {
    open: () => modal.confirm({ title: ROOM_TEXTS.open, content: ROOM_TEXTS.openConfirm, onOk: () => open.run() }),
    close: () =>
      modal.confirm({
        title: ROOM_TEXTS.close,
        content: ROOM_TEXTS.closeConfirm,
        okButtonProps: { danger: true },
        onOk: () => close.run(),
      }),
    busy: open.isPending || close.isPending,
  };
}

function Header({
  lesson,
  now,
  extra,
  people,
}: {
  lesson: LessonDetail;
  now: number;
  extra?: ReactNode;
  people?: ReactNode;
}) {
  return (
    <header className="lesson-room-header">
      <BackButton />
      <div className="lesson-room-title">
        <h1>{lesson.title}</h1>
        <LessonStatusTag lesson={lesson} now={now} />
        {lesson.viewerRole === 'observer' && <Tag color="blue">{ROOM_TEXTS.observer}</Tag>}
      </div>
      <div className="lesson-room-when">
        {lessonWhen(lesson)}（{ROOM_TEXTS.cst}）
      </div>
      {people}
      <div className="lesson-room-header-actions">{extra}</div>
    </header>
  );
}

/** Who is present, each with a muted microphone or a shared screen marked (the marks are labelled for readers). */
export function People({ peers, me }: { peers: Peer[]; me: number | undefined }) {
  return (
    <div className="lesson-room-people" aria-label={ROOM_TEXTS.present}>
      <TeamOutlined />
      {peers.length === 0 && <span className="lesson-room-person">{ROOM_TEXTS.nobody}</span>}
      {peers.map((p) => (
        <span key={p.userId} className="lesson-room-person" data-role={p.role}>
          {LESSON_TEXTS.roles[p.role]} {p.name}
          {p.userId === me ? `（${ROOM_TEXTS.you}）` : ''}
          {(p.role === 'teacher' || p.role === 'student') && !p.audio && (
            <AudioMutedOutlined aria-label={ROOM_TEXTS.muted} />
          )}
          {p.screen && <DesktopOutlined aria-label={ROOM_TEXTS.sharing} />}
        </span>
      ))}
    </div>
  );
}

/** A lesson that is not live: waiting (the teacher may open it), ended (replay), cancelled. */
function NotLive({ lesson, now }: { lesson: LessonDetail; now: number }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { open, busy } = useOpenClose(lesson);
  const teacher = lesson.viewerRole === 'teacher';
  let body: ReactNode;
  if (lesson.status === 'ended') {
    const replay = areaOf(pathname).replay;
    body = (
      <ResultPage
        status="info"
        title={ROOM_TEXTS.ended}
        subTitle={ROOM_TEXTS.startsAt(lessonWhen(lesson))}
        extra={
          replay && (
            <Button type="primary" onClick={() => void navigate(replay(lesson.lessonId))}>
              {ROOM_TEXTS.replay}
            </Button>
          )
        }
      />
    );
  } else if (lesson.status === 'cancelled') {
    body = (
      <ResultPage
        status="warning"
        title={ROOM_TEXTS.cancelled}
        subTitle={lesson.cancelReason ? LESSON_TEXTS.cancelReason(lesson.cancelReason) : undefined}
      />
    );
  } else {
    const canOpen = joinable(lesson, now);
    body = (
      <ResultPage
        status="info"
        title={ROOM_TEXTS.notStarted}
        subTitle={
          <>
            <div>{ROOM_TEXTS.startsAt(lessonWhen(lesson))}</div>
            <div>{teacher ? (canOpen ? null : ROOM_TEXTS.openFrom(OPEN_EARLY_MINUTES)) : ROOM_TEXTS.waitTeacher}</div>
          </>
        }
        extra={
          teacher && (
            <Button type="primary" size="large" disabled={!canOpen} loading={busy} onClick={open}>
              {ROOM_TEXTS.open}
            </Button>
          )
        }
      />
    );
  }
  return (
    <div className="lesson-room" data-lesson-status={lesson.status}>
      <Header lesson={lesson} now={now} />
      <main className="lesson-room-waiting">{body}</main>
    </div>
  );
}

const NO_ROOM: RoomState = {
  connection: 'connecting',
  role: null,
  me: null,
  peers: [],
  status: null,
  problem: null,
  joins: 0,
};
const noSubscribe = () => () => undefined;

/** The phone's width, where the video becomes a small overlay on the board. */
function usePhone() {
  const query = '(max-width: 640px)';
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

function LiveRoom({
  lesson,
  layout,
  now,
  refetch,
  sidePanel,
}: {
  lesson: LessonDetail;
  layout: RoomLayout;
  now: number;
  refetch: () => void;
  sidePanel?: ReactNode;
}) {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const { message } = AntApp.useApp();
  const token = user?.access_token ?? '';
  const lessonId = Number(lesson.lessonId);
  const [client, setClient] = useState<RoomClient | null>(null);
  const phone = usePhone();
  const latest = useRef({ message, refetch });
  useLayoutEffect(() => {
    latest.current = { message, refetch };
  });

  useEffect(() => {
    preloadLessonBoard().catch(() => undefined);
    const c = new RoomClient({
      lessonId,
      token,
      agencyId,
      onError: (m) => void latest.current.message.error(m),
      onStatus: () => latest.current.refetch(),
    });
    setClient(c);
    c.start();
    return () => c.dispose();
  }, [lessonId, token, agencyId]);

  const room = useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getState ?? (() => NO_ROOM));
  const call = useVideoCall(client, room, lessonId);
  const { close, busy } = useOpenClose(lesson);
  const role: LessonRole = room.role ?? lesson.viewerRole;

  // Refused because the lesson is no longer (or not yet) live: its facts are read again and the page follows.
  const notLive = room.problem?.code === 409 && room.connection === 'refused';
  useEffect(() => {
    if (notLive) refetch();
  }, [notLive, refetch]);

  if (room.problem?.code === 404) return <NotFoundPage loggedIn />;

  const teacher = lesson.viewerRole === 'teacher';
  const header = (
    <Header
      lesson={lesson}
      now={now}
      people={<People peers={room.peers} me={room.me?.userId} />}
      extra={
        teacher && (
          <Button danger loading={busy} onClick={close}>
            {ROOM_TEXTS.close}
          </Button>
        )
      }
    />
  );

  const connectionNote =
    room.connection === 'connecting' ? (
      <Alert type="info" banner title={ROOM_TEXTS.connecting} />
    ) : room.connection === 'reconnecting' ? (
      <Alert type="warning" banner title={ROOM_TEXTS.reconnecting} />
    ) : room.connection === 'dropped' ? (
      <Alert type="error" banner title={ROOM_TEXTS.dropped(room.problem?.message ?? '')} />
    ) : room.connection === 'refused' ? (
      <Alert type="error" banner title={room.problem?.message ?? ROOM_TEXTS.connectFailed} />
    ) : null;

  const board = client && room.role && <BoardPanel sync={client.board} role={role} />;
  const video = <VideoPanel call={call} observer={role === 'observer'} compact={phone} />;
  const effective: RoomLayout = phone ? 'board' : layout;

  return (
    <div
      className={`lesson-room lesson-room-live lesson-room-${effective}${phone ? ' lesson-room-phone' : ''}`}
      data-lesson-status={lesson.status}
      data-room-connection={room.connection}
      data-room-role={room.role ?? ''}
    >
      {header}
      {connectionNote}
      {role === 'observer' && <div className="lesson-room-observer-note">{ROOM_TEXTS.observerNote}</div>}
      <main className="lesson-room-body">
        {effective === 'video' ? (
          <>
            <section className="lesson-room-main lesson-room-video-main">{video}</section>
            <section className="lesson-room-aside lesson-room-board-aside">{board}</section>
          </>
        ) : (
          <>
            <section className="lesson-room-main">{board}</section>
            <aside className={phone ? 'lesson-room-overlay' : 'lesson-room-aside'}>
              {video}
              {effective === 'full' && sidePanel && (
                <div className="lesson-room-side" data-slot="side-panel">
                  {sidePanel}
                </div>
              )}
            </aside>
          </>
        )}
      </main>
      {client && room.role && <LessonEngine lessonId={lesson.lessonId} role={role} socket={client.socket} />}
    </div>
  );
}

export interface LessonRoomPageProps {
  layout: RoomLayout;
  /** The `full` layout's side panel (the practice panel of a later step); nothing when absent. */
  sidePanel?: ReactNode;
}

export function LessonRoomPage({ layout, sidePanel }: LessonRoomPageProps) {
  const { id = '' } = useParams();
  const now = useNow(15_000);
  const detail = useLessonDetail(id);
  const lesson = detail.data;
  const waiting = lesson?.status === 'scheduled';
  const { refetch } = detail;
  const again = useMemo(() => () => void refetch(), [refetch]);

  // A scheduled lesson is read again every 15 s, so a waiting student enters once the teacher opens it.
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(again, 15_000);
    return () => clearInterval(t);
  }, [waiting, again]);

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    if (isEnvelopeError(detail.error, 404)) return <NotFoundPage loggedIn />;
    return (
      <ResultPage
        fullPage
        status="error"
        title={ROOM_TEXTS.loadFailed}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={again}>{ROOM_TEXTS.retry}</Button>}
      />
    );
  }
  if (!lesson) return <NotFoundPage loggedIn />;
  if (lesson.viewerRole === 'parent') return <ResultPage fullPage status="info" title={ROOM_TEXTS.parentNoRoom} />;
  if (lesson.status !== 'live') return <NotLive lesson={lesson} now={now} />;
  return <LiveRoom lesson={lesson} layout={layout} now={now} refetch={again} sidePanel={sidePanel} />;
}

/** class/tldraw/:id — the board large, the video small. */
export function BoardRoomPage() {
  return <LessonRoomPage layout="board" />;
}

/** webrtc/:id — the video large, the board beside it. */
export function VideoRoomPage() {
  return <LessonRoomPage layout="video" />;
}

/** eventutor/open/:id, student eventutor/index/:id — both, with the side panel's place. */
export function FullRoomPage() {
  return <LessonRoomPage layout="full" />;
}
