// The lesson's 1:1 video as React state (docs/web.md "The lesson room"): the camera and microphone once, the ICE
// servers of the lesson, one PeerLink while the other participant is in the room (the student is the polite side),
// signals that arrive before the link exists held until it does, mute / camera off / screen sharing, and `rtc:state`
// sent whenever they change. Observers take no part.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { Peer } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';
import { MEDIA_TEXTS } from '../texts';
import type { RoomClient, RoomState } from '../room-client';
import { getLocalMedia, type LocalMedia } from './media';
import { PeerLink, type RtcSignalOut } from './peer-link';

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

interface Signal extends RtcSignalOut {
  from: number;
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
  const link = useRef<PeerLink | null>(null);
  const early = useRef<Signal[]>([]);
  /** Starts a new link (an offer of a new connection of the other side came in). */
  const restart = useRef<(() => void) | null>(null);

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

  // Signals from the other side: to the link, or held until it exists.
  useEffect(() => {
    if (!client) return;
    const onSignal = (s: Signal & { lessonId: number }) => {
      if (s.lessonId !== lessonId) return;
      // A signal with neither description nor candidate says "my link is listening now" (sent by the polite side):
      // an offer made before it may have been lost, so the impolite side starts again and offers anew.
      if (s.description === undefined && s.candidate === undefined) {
        if (room.role === 'teacher' && link.current) restart.current?.();
        return;
      }
      if (link.current) void deliver(s);
      else early.current.push(s);
    };
    const deliver = async (s: Signal) => {
      const l = link.current;
      if (!l) return;
      const ok = await l.receive(s);
      // An offer of a new connection of the other side (it reloaded): start a new link with it.
      if (!ok && link.current === l) {
        restart.current?.();
        await link.current?.receive(s);
      }
    };
    client.socket.on('rtc:signal', onSignal);
    return () => void client.socket.off('rtc:signal', onSignal);
    // The room's role is fixed once joined.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, lessonId]);

  // One link while the other participant is here (and the media and ICE servers are known).
  const active = !!client && participant && peerId !== null && !!media && iceReady;
  useEffect(() => {
    if (!client || !participant || peerId === null || !media || !iceReady) return;
    const create = () => {
      link.current?.close();
      const l = new PeerLink({
        polite: room.role === 'student',
        iceServers: iceServers ?? [],
        send: (s) => client.socket.emit('rtc:signal', { lessonId, ...s }),
        onState: (s) => {
          if (link.current === l) setState(s);
        },
        onStream: (s) => {
          if (link.current === l) setRemote(s);
        },
      });
      link.current = l;
      setState('new');
      setRemote(null);
      const stream = media.stream;
      if (stream) for (const t of stream.getTracks()) void l.setTrack(t.kind as 'audio' | 'video', t, stream);
      return l;
    };
    restart.current = () => void create();
    create();
    // Listening now (the signal listener above is registered first): tell the other side, which offers again.
    if (room.role === 'student') client.socket.emit('rtc:signal', { lessonId });
    const held = early.current.filter((s) => s.from === peerId);
    early.current = [];
    void (async () => {
      for (const s of held) await link.current?.receive(s);
    })();
    return () => {
      restart.current = null;
      link.current?.close();
      link.current = null;
      setRemote(null);
    };
    // The room's role is fixed once joined; iceServers only matter when the link starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, participant, peerId, media, iceReady, lessonId]);

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
    void link.current?.setTrack('video', camera, local);
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
        void link.current?.setTrack('video', t, local ?? s);
      },
      (e: unknown) => {
        // Cancelling the browser's picker is no error.
        if ((e as Error | null)?.name !== 'NotAllowedError') void message.error(MEDIA_TEXTS.screenDenied);
      },
    );
  }, [screenTrack, stopShare, local, message]);

  // A link started after sharing began sends the screen.
  useEffect(() => {
    if (screenTrack && link.current) void link.current.setTrack('video', screenTrack, local);
  }, [screenTrack, state, local]);

  return {
    state: !participant ? 'off' : active ? state : 'idle',
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
