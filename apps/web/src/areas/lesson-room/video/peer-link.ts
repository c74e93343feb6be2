// One RTCPeerConnection of the lesson's video (docs/lessons.md "Video"): perfect negotiation — either side may
// (re)negotiate at any time; on a collision the polite side (the student) gives way. Signals are taken one after
// another in the order they came (an ICE candidate never overtakes the description it belongs to). A connection
// whose ICE fails, or stays disconnected for a few seconds, is restarted (restartIce). Which connection a signal
// belongs to is the call's business (call.ts).

export interface RtcSignalOut {
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit | null;
}

export type MediaKind = 'audio' | 'video';

export interface PeerLinkOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  /** Only relayed candidates (TURN): the test switch `edu.rtc.relayOnly` (docs/lessons.md "Video"). */
  relayOnly?: boolean;
  send: (signal: RtcSignalOut) => void;
  onState: (state: RTCPeerConnectionState) => void;
  onStream: (stream: MediaStream | null) => void;
  /** Whether this side may send an offer now (the student does not before it knows the teacher's connection). */
  mayOffer?: () => boolean;
  /** A disconnected connection is restarted after this long (ms). */
  restartAfterMs?: number;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

export class PeerLink {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Signals are taken one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The kind each added sender carries (its track may be null while the camera is replaced by nothing). */
  private readonly senderKinds = new Map<RTCRtpSender, MediaKind>();
  /** The other side's tracks when they come without a stream. */
  private loose: MediaStream | null = null;
  /** ICE restarts so far, and when the last one was (ms). */
  restarts = 0;
  private lastRestart = -Infinity;

  constructor(private readonly o: PeerLinkOptions) {
    const create = o.createPeerConnection ?? ((c) => new RTCPeerConnection(c));
    const pc = create({ iceServers: o.iceServers, ...(o.relayOnly ? { iceTransportPolicy: 'relay' } : {}) });
    this.pc = pc;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = (e) => o.send({ candidate: e.candidate ? e.candidate.toJSON() : null });
    pc.ontrack = (e) => {
      const stream = e.streams[0];
      if (stream) return o.onStream(stream);
      this.loose ??= new MediaStream();
      this.loose.addTrack(e.track);
      o.onStream(this.loose);
    };
    pc.onconnectionstatechange = () => o.onState(pc.connectionState);
    pc.oniceconnectionstatechange = () => this.watchIce();
  }

  private async negotiate() {
    if (this.closed || (this.o.mayOffer && !this.o.mayOffer())) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.o.send({ description: this.pc.localDescription.toJSON() });
    } catch {
      // A negotiation that lost to a remote offer; the remote one carries on.
    } finally {
      this.makingOffer = false;
    }
  }

  /**
   * A signal from the other side, taken after the ones before it. Resolves false when an offer cannot be taken by
   * this connection (it belongs to a new connection of the other side: start anew).
   */
  receive(signal: RtcSignalOut): Promise<boolean> {
    const next = this.queue.then(() => this.take(signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async take(signal: RtcSignalOut): Promise<boolean> {
    if (this.closed) return true;
    const pc = this.pc;
    const { description, candidate } = signal;
    if (description) {
      const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.o.polite && collision;
      if (this.ignoreOffer) return true;
      try {
        this.settingAnswer = description.type === 'answer';
        await pc.setRemoteDescription(description);
        this.settingAnswer = false;
        if (description.type === 'offer') {
          await pc.setLocalDescription();
          if (pc.localDescription) this.o.send({ description: pc.localDescription.toJSON() });
        }
      } catch {
        this.settingAnswer = false;
        // An answer in the wrong state (a repeated one) changes nothing; an offer this connection cannot take does.
        return description.type !== 'offer';
      }
      return true;
    }
    if (candidate !== undefined) {
      try {
        await pc.addIceCandidate(candidate ?? undefined);
      } catch {
        // A candidate of an offer that was ignored, or of a finished gathering: nothing to do.
      }
    }
    return true;
  }

  /**
   * The other side may have missed what this side sent (a socket was away): an offer still waiting for its answer is
   * taken back, and ICE restarts — a new offer with candidates gathered now, on the same connection.
   */
  resync(): Promise<void> {
    const next = this.queue.then(async () => {
      if (this.closed || this.makingOffer) return;
      if (this.pc.signalingState === 'have-local-offer') await this.pc.setLocalDescription({ type: 'rollback' });
      if (this.pc.signalingState === 'stable') this.restart();
    });
    this.queue = next.catch(() => undefined);
    return next.catch(() => undefined);
  }

  /** The offer this side sent and still waits an answer for, sent again (its SDP has the candidates gathered). */
  resendOffer() {
    const local = this.pc.localDescription;
    if (!this.closed && this.pc.signalingState === 'have-local-offer' && local)
      this.o.send({ description: local.toJSON() });
  }

  /**
   * ICE that failed restarts at once, ICE disconnected for `restartAfterMs`; never two restarts closer than that (while
   * the network is gone a restart fails fast, and each one is an offer through the socket).
   */
  private watchIce() {
    const s = this.pc.iceConnectionState;
    const wait = this.o.restartAfterMs ?? 4000;
    if (s === 'failed' || s === 'disconnected') {
      const since = Date.now() - this.lastRestart;
      if (s === 'failed' && since >= wait) {
        this.clearRestartTimer();
        return this.restart();
      }
      if (!this.restartTimer)
        this.restartTimer = setTimeout(
          () => {
            this.restartTimer = null;
            const now = this.pc.iceConnectionState;
            if (now === 'disconnected' || now === 'failed') this.restart();
          },
          s === 'failed' ? wait - since : wait,
        );
      return;
    }
    this.clearRestartTimer();
  }

  private clearRestartTimer() {
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
  }

  /** Restarts ICE: new candidates are gathered and negotiated (negotiationneeded follows). */
  restart() {
    if (this.closed) return;
    this.restarts++;
    this.lastRestart = Date.now();
    this.pc.restartIce();
  }

  /** New ICE servers (fresh TURN credentials): used by the next gathering, an ICE restart's. */
  setIceServers(iceServers: RTCIceServer[]) {
    if (this.closed) return;
    try {
      this.pc.setConfiguration({ ...this.pc.getConfiguration(), iceServers });
    } catch {
      // A browser that refuses the change keeps the servers it has (the next connection gets the new ones).
    }
  }

  /**
   * A sending transceiver of each kind, with `stream`'s track of that kind or none yet: the offering side (the
   * teacher) offers audio and video even without a camera or microphone, so that the other side's come back.
   */
  offerBoth(stream: MediaStream | null) {
    for (const kind of ['audio', 'video'] as const) {
      if (this.senderOf(kind)) continue;
      const track = (kind === 'audio' ? stream?.getAudioTracks() : stream?.getVideoTracks())?.[0] ?? kind;
      const t = this.pc.addTransceiver(track, { direction: 'sendrecv', streams: stream ? [stream] : [] });
      this.senderKinds.set(t.sender, kind);
    }
  }

  private senderOf(kind: MediaKind) {
    return this.pc.getSenders().find((s) => s.track?.kind === kind || this.senderKinds.get(s) === kind);
  }

  /** Sends `track` as this side's track of its kind: replaces the one sent, or adds it (a renegotiation). */
  async setTrack(kind: MediaKind, track: MediaStreamTrack | null, stream: MediaStream | null) {
    const sender = this.senderOf(kind);
    if (sender) {
      await sender.replaceTrack(track);
      return;
    }
    if (!track) return;
    const added = stream ? this.pc.addTrack(track, stream) : this.pc.addTrack(track);
    this.senderKinds.set(added, kind);
  }

  close() {
    this.closed = true;
    this.clearRestartTimer();
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }
}
