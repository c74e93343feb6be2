// The lesson's 1:1 video as React state (docs/web.md "The lesson room"): the camera and microphone once, the ICE
// servers of the lesson, one call (call.ts) from when the other participant is first in the room, signals that
// arrive before it exists held until it does and signals to send held while the socket is away, mute / camera off /
// screen sharing, and `rtc:state` sent whenever they change. Observers take no part.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { Peer } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';
import { MEDIA_TEXTS } from '../texts';
import type { RoomClient, RoomState } from '../room-client';
import { getLocalMedia, type LocalMedia } from './media';
import { LessonCall, type CallSignal } from './call';

/** What the video shows as `data-rtc-state`: the connection's state, `idle` without the other side, `off` for observers. */
export type RtcUiState = RTCPeerConnectionState | 'idle' | 'off';

export interface VideoCall {
  state: RtcUiState;
  local: MediaStream | null;
  remote: MediaStream | null;
  /** Why there is no (or only partial) camera and microphone. */
  problem: string | null;
  /** The other participant, when in the room. */
  peer: Peer | null;
  audio: boolean;
  video: boolean;
  screen: boolean;
  hasAudio: boolean;
  hasVideo: boolean;
  canShare: boolean;
  toggleAudio: () => void;
  toggleVideo: () => void;
  toggleScreen: () => void;
}

interface Signal extends CallSignal {
  from: number;
}

/** Signals held before the call exists, and signals waiting for the socket, at most (the oldest go first). */
const EARLY_MAX = 500;
const OUTBOX_MAX = 500;

/**
 * `localStorage['edu.rtc.relayOnly'] = '1'`: only relayed (TURN) candidates, as behind a firewall that lets nothing
 * else through — how the e2e journey checks the relay (docs/lessons.md "Video").
 */
export const RELAY_ONLY_KEY = 'edu.rtc.relayOnly';

function relayOnly(): boolean {
  try {
    return globalThis.localStorage?.getItem(RELAY_ONLY_KEY) === '1';
  } catch {
    return false;
  }
}

function enableTrack(track: MediaStreamTrack | null, on: boolean) {
  if (track) track.enabled = on;
}

export function useVideoCall(client: RoomClient | null, room: RoomState, lessonId: number): VideoCall {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const { message } = AntApp.useApp();
  const participant = room.role === 'teacher' || room.role === 'student';
  const me = room.me?.userId;
  const peer =
    (participant && room.peers.find((p) => p.userId !== me && (p.role === 'teacher' || p.role === 'student'))) || null;
  const peerId = peer?.userId ?? null;

  const ice = useQuery({
    queryKey: ['lessons', 'ice', agencyId, lessonId],
    queryFn: () => call(API.lessonIce, { params: { id: String(lessonId) } }),
    enabled: participant,
    // Credentials are time-limited: read again before they run out.
    staleTime: 10 * 60_000,
    refetchInterval: (q) => (q.state.data ? (q.state.data.ttl * 1000) / 2 : false),
    retry: 1,
  });
  const iceReady = !participant || ice.isSuccess || ice.isError;
  const iceServers = ice.data?.iceServers;

  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [state, setState] = useState<RtcUiState>('idle');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [audio, setAudio] = useState(true);
  const [video, setVideo] = useState(true);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);
  const callRef = useRef<LessonCall | null>(null);
  /** The other participant the call is with, and the room's joins when it started or last caught up. */
  const callPeer = useRef<number | null>(null);
  const callJoins = useRef(0);
  const [callOn, setCallOn] = useState(false);
  /** Signals that came before the call existed. */
  const early = useRef<Signal[]>([]);
  /** Signals to send once the socket is back in the room (a message sent before the join would be dropped). */
  const outbox = useRef<CallSignal[]>([]);

  // The camera and microphone, once, for a participant.
  useEffect(() => {
    if (!participant) return;
    let stop = false;
    let got: MediaStream | null = null;
    void getLocalMedia().then((m) => {
      got = m.stream;
      if (stop) m.stream?.getTracks().forEach((t) => t.stop());
      else setMedia(m);
    });
    return () => {
      stop = true;
      got?.getTracks().forEach((t) => t.stop());
    };
  }, [participant]);

  const local = media?.stream ?? null;
  const camera = local?.getVideoTracks()[0] ?? null;
  const mic = local?.getAudioTracks()[0] ?? null;

  // Signals from the other side: to the call, or held until it exists. An observer has no call and listens to none
  // (the server relays no signal to or from an observer either: docs/lessons.md "Video").
  useEffect(() => {
    if (!client || !participant) return;
    const onSignal = (s: Signal & { lessonId: number }) => {
      if (s.lessonId !== lessonId) return;
      if (callRef.current) void callRef.current.receive(s);
      else if (early.current.length < EARLY_MAX) early.current.push(s);
    };
    client.socket.on('rtc:signal', onSignal);
    return () => void client.socket.off('rtc:signal', onSignal);
  }, [client, participant, lessonId]);

  // The call starts when the other participant is first here (with the media and ICE servers known) and stays
  // while they come and go: a socket that drops and comes back finds the same connection (docs/lessons.md "Video").
  const role = room.role;
  useEffect(() => {
    if (!client || (role !== 'teacher' && role !== 'student') || peerId === null || !media || !iceReady) return;
    if (callRef.current && callPeer.current === peerId) return;
    callRef.current?.close();
    const c = new LessonCall({
      role,
      iceServers: iceServers ?? [],
      relayOnly: relayOnly(),
      local: media.stream,
      // Straight out while the socket is in the room and nothing waits before it; else after the next join.
      send: (s) => {
        const waiting = outbox.current;
        if (waiting.length === 0 && client.socket.connected && client.getState().connection === 'connected')
          client.socket.emit('rtc:signal', { lessonId, ...s });
        else if (waiting.push(s) > OUTBOX_MAX) waiting.shift();
      },
      onState: (s) => {
        if (callRef.current === c) setState(s);
      },
      onStream: (s) => {
        if (callRef.current === c) setRemote(s);
      },
    });
    callRef.current = c;
    callPeer.current = peerId;
    callJoins.current = client.getState().joins;
    setCallOn(true);
    setState('new');
    setRemote(null);
    const held = early.current;
    early.current = [];
    for (const s of held) void c.receive(s);
    c.start();
    // iceServers only matter when the call starts (later ones: the effect below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, role, peerId, media, iceReady, lessonId]);

  // The call ends with the page (or the room's connection).
  useEffect(
    () => () => {
      callRef.current?.close();
      callRef.current = null;
      callPeer.current = null;
      early.current = [];
      outbox.current = [];
      setCallOn(false);
      setRemote(null);
    },
    [client],
  );

  // Back in the room after a dropped socket: what waited is sent, and the call catches up on what was missed.
  const inRoom = room.connection === 'connected';
  useEffect(() => {
    if (!client || !inRoom) return;
    const waiting = outbox.current;
    outbox.current = [];
    for (const s of waiting) client.socket.emit('rtc:signal', { lessonId, ...s });
    if (callRef.current && room.joins > callJoins.current) {
      callJoins.current = room.joins;
      callRef.current.rejoined();
    }
  }, [client, inRoom, room.joins, lessonId]);

  // Fresh TURN credentials for the next ICE gathering.
  useEffect(() => {
    if (iceServers) callRef.current?.setIceServers(iceServers);
  }, [iceServers]);

  // Mute and camera off: the tracks keep going (no renegotiation), disabled.
  useEffect(() => enableTrack(mic, audio), [mic, audio]);
  useEffect(() => enableTrack(camera, video), [camera, video]);

  const sendingAudio = !!mic && audio;
  const sendingVideo = !!camera && video;
  const sharing = !!screenTrack;
  useEffect(() => {
    if (client && participant && room.connection === 'connected')
      client.mediaState(sendingAudio, sendingVideo || sharing, sharing);
  }, [client, participant, room.connection, sendingAudio, sendingVideo, sharing, peerId]);

  const stopShare = useCallback(() => {
    setScreenTrack((t) => {
      t?.stop();
      return null;
    });
    void callRef.current?.setTrack('video', camera, local);
  }, [camera, local]);

  const toggleScreen = useCallback(() => {
    if (screenTrack) return stopShare();
    const md = navigator.mediaDevices;
    if (!md?.getDisplayMedia) return void message.error(MEDIA_TEXTS.screenDenied);
    md.getDisplayMedia({ video: true, audio: false }).then(
      (s) => {
        const t = s.getVideoTracks()[0];
        if (!t) return;
        t.onended = () => stopShare();
        setScreenTrack(t);
        void callRef.current?.setTrack('video', t, local ?? s);
      },
      (e: unknown) => {
        // Cancelling the browser's picker is no error.
        if ((e as Error | null)?.name !== 'NotAllowedError') void message.error(MEDIA_TEXTS.screenDenied);
      },
    );
  }, [screenTrack, stopShare, local, message]);

  // A connection started after sharing began sends the screen.
  useEffect(() => {
    if (screenTrack && callRef.current) void callRef.current.setTrack('video', screenTrack, local);
  }, [screenTrack, state, local]);

  return {
    state: !participant ? 'off' : callOn && peerId !== null ? state : 'idle',
    local,
    remote,
    problem: media?.problem ?? null,
    peer,
    audio: sendingAudio,
    video: sendingVideo,
    screen: sharing,
    hasAudio: !!mic,
    hasVideo: !!camera,
    canShare: participant && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia,
    toggleAudio: () => setAudio((a) => !a),
    toggleVideo: () => setVideo((v) => !v),
    toggleScreen,
  };
}
