// One 1:1 video connection (docs/web.md "The lesson room"): WebRTC with perfect negotiation — either side may
// (re)negotiate at any time; on a collision the polite side (the student) gives way — signalled through `rtc:signal`.
// A connection whose ICE fails, or stays disconnected for a few seconds, is restarted (restartIce).

export interface RtcSignalOut {
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit | null;
}

export interface PeerLinkOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  send: (signal: RtcSignalOut) => void;
  onState: (state: RTCPeerConnectionState) => void;
  onStream: (stream: MediaStream | null) => void;
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
  /** The kind each added sender carries (its track may be null while the camera is replaced by nothing). */
  private readonly senderKinds = new Map<RTCRtpSender, 'audio' | 'video'>();
  /** ICE restarts so far (tests and the state line read it). */
  restarts = 0;

  constructor(private readonly o: PeerLinkOptions) {
    const create = o.createPeerConnection ?? ((c) => new RTCPeerConnection(c));
    const pc = create({ iceServers: o.iceServers });
    this.pc = pc;
    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = (e) => o.send({ candidate: e.candidate ? e.candidate.toJSON() : null });
    pc.ontrack = (e) => o.onStream(e.streams[0] ?? new MediaStream([e.track]));
    pc.onconnectionstatechange = () => o.onState(pc.connectionState);
    pc.oniceconnectionstatechange = () => this.watchIce();
  }

  private async negotiate() {
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

  /** A signal from the other side. Resolves false when the offer cannot be taken by this connection (start anew). */
  async receive(signal: RtcSignalOut): Promise<boolean> {
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
        // An offer of a new connection of the other side (it reloaded): this one cannot take it.
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

  private watchIce() {
    const s = this.pc.iceConnectionState;
    if (s === 'failed') return this.restart();
    if (s === 'disconnected') {
      if (!this.restartTimer)
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          const now = this.pc.iceConnectionState;
          if (now === 'disconnected' || now === 'failed') this.restart();
        }, this.o.restartAfterMs ?? 4000);
      return;
    }
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
  }

  /** Restarts ICE: new candidates are gathered and negotiated (negotiationneeded follows). */
  restart() {
    if (this.closed) return;
    this.restarts++;
    this.pc.restartIce();
  }

  /** Sends `track` as this side's track of its kind: replaces the one sent, or adds it (a renegotiation). */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null, stream: MediaStream | null) {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === kind || this.senderKinds.get(s) === kind);
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
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }
}
