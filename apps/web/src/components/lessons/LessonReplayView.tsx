// A lesson's replay and facts (docs/web.md "Lesson lists and replay"): admin and student eventutor/history/{id},
// and the parent's eventutor/index/{id}. Beside the board: the scheduled and real times, the people, and who was in
// the room when. The board's whole log is read with its progress shown, then played on a timeline (Slider) with
// 播放/暂停, seeking and 1×/2×/4×/8×; the board shown is built by boardAt at the timeline's moment. Under it the
// questions pushed in the lesson with the student's results (ReplayPushes), each marked on the timeline.
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Progress,
  Segmented,
  Select,
  Slider,
  Space,
  Spin,
  Typography,
} from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { LessonDetail, LessonPresence } from '@edu/contract';
import { errorText, isEnvelopeError } from '../../api/client';
import { usePhone } from '../AreaHeader';
import { BoardView } from '../board/BoardView';
import { PageSpinner } from '../PageSpinner';
import { ResultPage } from '../ResultPage';
import { LessonStatusTag, lessonWhen } from './LessonParts';
import { SPEEDS, type Speed } from './playback';
import { useLessonDetail, useLessonPushes } from './queries';
import { useReplay } from './replay-data';
import { pageElements } from './replay-scene';
import { ReplayPushes } from './ReplayPushes';
import { LESSON_TEXTS, REPLAY_TEXTS as T } from './texts';
import { cstClock, cstSeconds, cstText } from './time';
import { useNow } from './use-now';
import './lessons.css';

/** `5:07` / `1:02:07`: a span of the lesson. */
export function spanText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export interface LessonReplayViewProps {
  lessonId: string;
  /** Where 返回 leads, once the lesson is known. */
  back: (lesson: LessonDetail) => { to: string; label: string };
}

export function LessonReplayView({ lessonId, back }: LessonReplayViewProps) {
  const detail = useLessonDetail(lessonId);
  const now = useNow();
  const phone = usePhone();
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError)
    return isEnvelopeError(detail.error, 404) ? (
      <ResultPage status={404} title={T.notFound} extra={null} />
    ) : (
      <ResultPage
        status="error"
        title={T.loadFailed}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{T.retry}</Button>}
      />
    );
  const lesson = detail.data;
  const backLink = back(lesson);
  return (
    <Card
      title={T.title(lesson.title)}
      extra={!phone && <Link to={backLink.to}>{backLink.label}</Link>}
      styles={{ body: phone ? { padding: 12 } : undefined }}
    >
      {phone && (
        <div style={{ marginBottom: 12 }}>
          <Link to={backLink.to}>{backLink.label}</Link>
        </div>
      )}
      <div className="lesson-replay">
        <div>
          {lesson.status === 'ended' ? (
            <ReplayBoard key={lesson.lessonId} lesson={lesson} phone={phone} />
          ) : (
            <Alert type="info" showIcon title={T.notEnded} />
          )}
        </div>
        <LessonFacts lesson={lesson} now={now} />
      </div>
    </Card>
  );
}

function ReplayBoard({ lesson, phone }: { lesson: LessonDetail; phone: boolean }) {
  const replay = useReplay(lesson);
  const { log, player, board, t0, duration } = replay;
  const [page, setPage] = useState<string>('follow');
  const shownPage = board && (page === 'follow' || !board.pages.some((p) => p.id === page) ? board.activePageId : page);
  const elements = useMemo(() => (board && shownPage ? pageElements(board, shownPage) : []), [board, shownPage]);
  const pushes = useLessonPushes(lesson.lessonId, true);
  const pushList = (
    <ReplayPushes
      pushes={pushes.data}
      error={pushes.error}
      onRetry={() => void pushes.refetch()}
      t0={log && log.lastSeq > 0 ? t0 : undefined}
      duration={duration}
      onSeek={player.seek}
    />
  );
  // Each push as a mark on the timeline (a click on it seeks there).
  const marks = useMemo(
    () =>
      Object.fromEntries(
        (pushes.data?.pushes ?? [])
          .filter((p) => p.pushedAt >= t0 && p.pushedAt - t0 <= duration)
          .map((p) => [p.pushedAt - t0, { label: T.pushMark(p.n) }]),
      ),
    [pushes.data, t0, duration],
  );

  const failed = replay.error && (
    <Alert
      type="error"
      showIcon
      title={T.loadFailed}
      description={errorText(replay.error)}
      action={<Button onClick={replay.retry}>{T.retry}</Button>}
    />
  );
  if (!log || !board) {
    if (failed) return failed;
    const step = replay.opening ?? 1;
    return (
      <div role="status" style={{ padding: '32px 0' }}>
        <Progress percent={step === 1 ? 10 : 60} status="active" showInfo={false} />
        <Typography.Text type="secondary">{T.opening(step)}</Typography.Text>
      </div>
    );
  }
  if (log.lastSeq === 0)
    return (
      <div>
        <Empty description={T.noBoard} />
        {pushList}
      </div>
    );
  const { loaded, total } = replay.progress;

  return (
    <div>
      {failed}
      <div className="lesson-replay-board" aria-busy={replay.reading}>
        <BoardView elements={elements} height={phone ? 360 : 520} fit="once" />
        {replay.reading && (
          <div className="lesson-replay-reading" role="status">
            <Spin size="small" /> {T.reading(cstClock(t0 + player.position))}
          </div>
        )}
      </div>
      <div className="lesson-replay-controls">
        <Button
          type="primary"
          className="lesson-tap"
          icon={player.playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={player.playing ? player.pause : player.play}
        >
          {player.playing ? T.pause : T.play}
        </Button>
        <Slider
          className="lesson-replay-slider"
          aria-label={T.timeline}
          min={0}
          max={Math.max(1, duration)}
          step={100}
          value={player.position}
          marks={marks}
          onChange={(v: number) => player.seek(v)}
          tooltip={{ formatter: (v) => `${spanText(v ?? 0)}（${cstClock(t0 + (v ?? 0))}）` }}
        />
        <Typography.Text className="lesson-replay-time">
          {T.position(spanText(player.position), spanText(duration))}
        </Typography.Text>
      </div>
      {loaded < total && (
        <div className="lesson-replay-controls" role="status">
          <Progress
            className="lesson-replay-loaded"
            size="small"
            percent={Math.floor((loaded / total) * 100)}
            status="active"
            showInfo={false}
          />
          <Typography.Text type="secondary">{T.timelineLoading(loaded, total)}</Typography.Text>
        </div>
      )}
      <div className="lesson-replay-controls">
        <Space size={6}>
          <Typography.Text type="secondary">{T.speed}</Typography.Text>
          <Segmented<Speed>
            value={player.speed}
            onChange={player.setSpeed}
            options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          />
        </Space>
        <Select
          aria-label={T.page}
          value={page}
          onChange={setPage}
          style={{ minWidth: 140 }}
          options={[
            { value: 'follow', label: T.followPage },
            ...board.pages.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Typography.Text type="secondary">
          {cstSeconds(t0 + player.position).slice(11)}（{LESSON_TEXTS.cst}） · {T.changes(log.lastSeq)}
        </Typography.Text>
      </div>
      <PresenceJumps presence={lesson.presence} t0={t0} duration={duration} onSeek={player.seek} />
      {pushList}
    </div>
  );
}

/** Join times as places to jump to on the timeline. */
function PresenceJumps({
  presence,
  t0,
  duration,
  onSeek,
}: {
  presence: LessonPresence[];
  t0: number;
  duration: number;
  onSeek: (ms: number) => void;
}) {
  const jumps = presence.filter((p) => p.joinedAt >= t0 && p.joinedAt - t0 <= duration);
  if (!jumps.length) return null;
  return (
    <Space size={[8, 4]} wrap style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{T.jumpTo}</Typography.Text>
      {jumps.map((p, i) => (
        <Button key={`${p.userId}-${i}`} size="small" onClick={() => onSeek(p.joinedAt - t0)}>
          {T.joinedAt(p.name, cstClock(p.joinedAt))}
        </Button>
      ))}
    </Space>
  );
}

function LessonFacts({ lesson, now }: { lesson: LessonDetail; now: number }) {
  const real = lesson.openedAt
    ? `${cstText(lesson.openedAt)} – ${lesson.closedAt ? cstClock(lesson.closedAt) : T.stillOpen}`
    : T.notOpened;
  return (
    <Card size="small" title={T.facts}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'class', label: T.klass, children: lesson.className },
          { key: 'teacher', label: T.teacher, children: lesson.teacherName },
          { key: 'student', label: T.student, children: lesson.studentName },
          { key: 'status', label: T.status, children: <LessonStatusTag lesson={lesson} now={now} /> },
          { key: 'scheduled', label: T.scheduled, children: lessonWhen(lesson) },
          { key: 'real', label: T.real, children: real },
          ...(lesson.status === 'cancelled' && lesson.cancelReason
            ? [{ key: 'reason', label: T.reason, children: lesson.cancelReason }]
            : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {T.presence}
      </Typography.Title>
      {lesson.presence.length === 0 ? (
        <Typography.Text type="secondary">{T.presenceEmpty}</Typography.Text>
      ) : (
        <ul className="lesson-presence">
          {lesson.presence.map((p, i) => (
            <li key={`${p.userId}-${i}`}>
              <Typography.Text strong>{p.name}</Typography.Text>
              <Typography.Text type="secondary">（{LESSON_TEXTS.roles[p.role]}）</Typography.Text>
              <br />
              <Typography.Text>
                {T.joined} {cstSeconds(p.joinedAt).slice(5)} ·{' '}
                {p.leftAt ? `${T.left} ${cstSeconds(p.leftAt).slice(5)}` : T.stayed}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
