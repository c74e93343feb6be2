// A stand-in for the browser's RTCPeerConnection in the video's unit tests (jsdom has none), with the rules the
// lesson's call relies on (docs/lessons.md "Video"): offer/answer states and the collision's implicit rollback, a
// connection that refuses the descriptions of a second other connection (a real one refuses its DTLS
// fingerprint), candidates that need the remote description and belong to one ICE generation, negotiationneeded
// only in the stable state, restartIce as a new ICE generation. Two of them are `connected` when each took the
// other's current descriptions and a candidate came across; `cut` drops the path until an ICE restart.

interface FakeDescription {
  type: RTCSdpType;
  sdp: string;
  toJSON: () => RTCSessionDescriptionInit;
}

const description = (type: RTCSdpType, pc: string, ice: number): FakeDescription => {
  const sdp = JSON.stringify({ pc, ice });
  return { type, sdp, toJSON: () => ({ type, sdp }) };
};

const parse = (sdp: string | undefined) => JSON.parse(sdp ?? '{}') as { pc: string; ice: number };

const invalidState = (what: string) => Object.assign(new Error(what), { name: 'InvalidStateError' });

let made = 0;

export class FakeRtc {
  static readonly all = new Map<string, FakeRtc>();
  readonly id = `pc${++made}`;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: FakeDescription | null = null;
  /** The local description of the last stable state (what a rollback goes back to). */
  private stableLocal: FakeDescription | null = null;
  /** The other connection whose descriptions this one took, and the ICE generation of its last one. */
  remotePc: string | null = null;
  remoteIce = -1;
  /** This connection's ICE generation (one more at every restart) and whether a restart waits for the next offer. */
  ice = 0;
  private restartPending = false;
  /** A candidate of the other side's current generation came. */
  private gotCandidate = false;
  /** The generation whose path `cut` dropped, and whether the path in use is gone. */
  private cutIce = -1;
  private pathCut = false;
  private needed = false;
  private fired = false;
  closed = false;
  readonly senders: { track: MediaStreamTrack | null; kind: string; replaceTrack: (t: unknown) => Promise<void> }[] =
    [];
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  constructor(public config: RTCConfiguration = {}) {
    FakeRtc.all.set(this.id, this);
  }

  /** Forgets the connections of the tests before. */
  static reset() {
    FakeRtc.all.clear();
  }

  /** The connections made so far that are not closed. */
  static open(): FakeRtc[] {
    return [...FakeRtc.all.values()].filter((p) => !p.closed);
  }

  async setLocalDescription(d?: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw invalidState('closed');
    if (d?.type === 'rollback') {
      if (this.signalingState !== 'have-local-offer') throw invalidState(`rollback in ${this.signalingState}`);
      this.signalingState = 'stable';
      this.localDescription = this.stableLocal;
      // The first offer taken back still needs negotiating; a restart's goes back to the generation before.
      if (this.stableLocal === null) this.needed = true;
      else this.ice = parse(this.stableLocal.sdp).ice;
      this.settled();
      return;
    }
    const answer = this.signalingState === 'have-remote-offer';
    if (!answer && this.restartPending) {
      this.ice++;
      this.restartPending = false;
    }
    this.localDescription = description(answer ? 'answer' : 'offer', this.id, this.ice);
    this.signalingState = answer ? 'stable' : 'have-local-offer';
    if (answer) this.stableLocal = this.localDescription;
    this.needed = false;
    const ice = this.ice;
    setTimeout(() => {
      if (this.closed) return;
      this.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: `${this.id}:${ice}`, sdpMid: '0' }) } });
      this.onicecandidate?.({ candidate: null });
    }, 0);
    this.settled();
  }

  async setRemoteDescription(d: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw invalidState('closed');
    const { pc, ice } = parse(d.sdp);
    if (this.remotePc && this.remotePc !== pc) throw new Error('the DTLS fingerprint of another connection');
    if (d.type === 'offer') {
      // A local offer is rolled back by a remote one (the polite side's way).
      this.signalingState = 'have-remote-offer';
    } else if (d.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw invalidState(`answer in ${this.signalingState}`);
      this.signalingState = 'stable';
      this.stableLocal = this.localDescription;
    }
    if (ice !== this.remoteIce) this.gotCandidate = false;
    this.remotePc = pc;
    this.remoteIce = ice;
    this.settled();
  }

  async addIceCandidate(c?: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!c) return;
    if (!this.remotePc) throw invalidState('no remote description');
    const [pc, ice] = (c.candidate ?? '').split(':');
    if (pc !== this.remotePc || Number(ice) !== this.remoteIce) throw new Error('a candidate of another generation');
    this.gotCandidate = true;
    this.settled();
  }

  restartIce() {
    this.restartPending = true;
    this.needed = true;
    this.settled();
  }

  addTransceiver(trackOrKind: MediaStreamTrack | string) {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const sender = this.sender(track, typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind);
    return { sender };
  }

  addTrack(track: MediaStreamTrack) {
    return this.sender(track, track.kind);
  }

  private sender(track: MediaStreamTrack | null, kind: string) {
    const s = {
      track,
      kind,
      replaceTrack: (t: unknown) => {
        s.track = t as MediaStreamTrack | null;
        return Promise.resolve();
      },
    };
    this.senders.push(s);
    this.needed = true;
    this.settled();
    return s;
  }

  getSenders() {
    return this.senders;
  }

  getConfiguration() {
    return this.config;
  }

  setConfiguration(c: RTCConfiguration) {
    this.config = c;
  }

  close() {
    this.closed = true;
    this.signalingState = 'closed';
    this.connectionState = 'closed';
    for (const p of FakeRtc.all.values()) if (p.remotePc === this.id) p.update();
  }

  /** The network path of this connection's current ICE generation is gone (until an ICE restart). */
  cut() {
    this.cutIce = this.ice;
    this.pathCut = true;
    const other = this.remotePc ? FakeRtc.all.get(this.remotePc) : undefined;
    if (other) {
      other.cutIce = other.ice;
      other.pathCut = true;
    }
    this.update();
    other?.update();
  }

  /** negotiationneeded fires when something needs negotiating and the state is stable, once until it settles. */
  private settled() {
    if (this.signalingState !== 'stable') this.fired = false;
    if (this.needed && !this.fired && this.signalingState === 'stable' && !this.closed) {
      this.fired = true;
      setTimeout(() => {
        if (!this.closed && this.needed && this.signalingState === 'stable') this.onnegotiationneeded?.();
      }, 0);
    }
    this.update();
    const other = this.remotePc ? FakeRtc.all.get(this.remotePc) : undefined;
    other?.update();
  }

  private paired(): boolean {
    const other = this.remotePc ? FakeRtc.all.get(this.remotePc) : undefined;
    if (!other || other.closed || this.closed || other.remotePc !== this.id) return false;
    const fresh =
      this.remoteIce === other.ice &&
      other.remoteIce === this.ice &&
      this.cutIce !== this.ice &&
      other.cutIce !== other.ice &&
      (this.gotCandidate || other.gotCandidate) &&
      this.signalingState === 'stable' &&
      other.signalingState === 'stable';
    if (fresh) {
      this.pathCut = false;
      other.pathCut = false;
      return true;
    }
    // The path in use carries on through a renegotiation (an ICE restart) until it is cut.
    return this.connectionState === 'connected' && !this.pathCut;
  }

  private update() {
    if (this.closed) return;
    const was = this.connectionState;
    let now: RTCPeerConnectionState = was;
    if (this.paired()) now = 'connected';
    else if (was === 'connected') now = 'disconnected';
    else if (this.remotePc && this.gotCandidate && was === 'new') now = 'connecting';
    if (now === was) return;
    this.connectionState = now;
    this.iceConnectionState = now === 'connecting' ? 'checking' : now;
    this.onconnectionstatechange?.();
    this.oniceconnectionstatechange?.();
  }
}
