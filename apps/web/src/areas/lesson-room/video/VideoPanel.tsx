// The lesson's video (docs/web.md "The lesson room"): the other participant large, oneself small, mute / camera /
// screen sharing, the connection's state (also as `data-rtc-state`, which the e2e journey waits on), and a clear
// message when the camera or microphone is missing or refused — the lesson goes on with the board alone.
import { useEffect, useRef } from 'react';
import { Alert, Button, Tooltip } from 'antd';
import AudioMutedOutlined from '@ant-design/icons/AudioMutedOutlined';
import AudioOutlined from '@ant-design/icons/AudioOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { LESSON_TEXTS } from '../../../components/lessons/texts';
import { ROOM_TEXTS } from '../texts';
import type { VideoCall } from './use-video-call';

function StreamVideo({
  stream,
  muted,
  className,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v || v.srcObject === stream) return;
    v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className={className} autoPlay playsInline muted={muted} />;
}

export interface VideoPanelProps {
  call: VideoCall;
  observer: boolean;
  /** The phone's small overlay: icons only, no state line. */
  compact?: boolean;
}

export function VideoPanel({ call, observer, compact }: VideoPanelProps) {
  const stateText = ROOM_TEXTS.rtcState[call.state] ?? call.state;
  if (observer)
    return (
      <div className="lesson-video lesson-video-off" data-rtc-state="off">
        <div className="lesson-video-empty">{ROOM_TEXTS.observerNoVideo}</div>
      </div>
    );
  const peer = call.peer;
  const peerRole = peer ? LESSON_TEXTS.roles[peer.role] : '';
  const showRemote = !!call.remote && !!peer && (peer.video || peer.screen);
  const icon = (
    on: boolean,
    label: string,
    onIcon: React.ReactNode,
    offIcon: React.ReactNode,
    onClick: () => void,
    disabled: boolean,
  ) => (
    <Tooltip title={label}>
      <Button
        size={compact ? 'small' : 'middle'}
        shape={compact ? 'circle' : 'default'}
        danger={!on && !disabled}
        icon={on ? onIcon : offIcon}
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
      >
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
  return (
    <div className={compact ? 'lesson-video lesson-video-compact' : 'lesson-video'} data-rtc-state={call.state}>
      <div className="lesson-video-remote">
        <StreamVideo stream={call.remote} className={showRemote ? undefined : 'lesson-video-hidden'} />
        {!showRemote && (
          <div className="lesson-video-empty">
            {peer
              ? `${peer.name}${peer.video ? '' : ` · ${ROOM_TEXTS.peerCameraOff}`}`
              : ROOM_TEXTS.waitingPeer(ROOM_TEXTS.other)}
          </div>
        )}
        {peer && (
          <div className="lesson-video-name">
            {peer.audio ? null : <AudioMutedOutlined aria-label={ROOM_TEXTS.peerMuted} />} {peerRole} {peer.name}
          </div>
        )}
        {call.local && call.hasVideo && (
          <StreamVideo
            stream={call.local}
            muted
            className={call.video || call.screen ? 'lesson-video-self' : 'lesson-video-hidden'}
          />
        )}
      </div>
      <div className="lesson-video-controls">
        {icon(
          call.audio,
          call.audio ? ROOM_TEXTS.mute : ROOM_TEXTS.unmute,
          <AudioOutlined />,
          <AudioMutedOutlined />,
          call.toggleAudio,
          !call.hasAudio,
        )}
        {icon(
          call.video,
          call.video ? ROOM_TEXTS.cameraOff : ROOM_TEXTS.cameraOn,
          <VideoCameraOutlined />,
          <VideoCameraOutlined />,
          call.toggleVideo,
          !call.hasVideo,
        )}
        {call.canShare && !compact && (
          <Button icon={<DesktopOutlined />} type={call.screen ? 'primary' : 'default'} onClick={call.toggleScreen}>
            {call.screen ? ROOM_TEXTS.stopShare : ROOM_TEXTS.shareScreen}
          </Button>
        )}
        {!compact && <span className="lesson-video-state">{stateText}</span>}
      </div>
      {call.problem && <Alert className="lesson-video-problem" type="warning" showIcon title={call.problem} />}
    </div>
  );
}
