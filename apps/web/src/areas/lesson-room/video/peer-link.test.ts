// Perfect negotiation and ICE restarts of the lesson's video (docs/web.md "The lesson room"), against a fake
// RTCPeerConnection.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeerLink, type RtcSignalOut } from './peer-link';

class FakePc {
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: string; sdp: string; toJSON: () => RTCSessionDescriptionInit } | null = null;
  remote: RTCSessionDescriptionInit[] = [];
  restarted = 0;
  failRemoteOffer = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  calls: string[] = [];
  setLocalDescription(init?: RTCSessionDescriptionInit) {
    if (init?.type === 'rollback') {
      this.calls.push('rollback');
      this.signalingState = 'stable';
      return Promise.resolve();
    }
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
    const d = { type, sdp: `${type}-sdp` };
    this.localDescription = { ...d, toJSON: () => d as RTCSessionDescriptionInit };
    return Promise.resolve();
  }
  /** How long setRemoteDescription takes (ms). */
  remoteDelay = 0;
  async setRemoteDescription(d: RTCSessionDescriptionInit) {
    if (this.remoteDelay) await new Promise((r) => setTimeout(r, this.remoteDelay));
    if (d.type === 'offer' && this.failRemoteOffer) throw new Error('fingerprint');
    this.calls.push(`remote ${d.type}`);
    this.remote.push(d);
    if (d.type === 'offer') this.signalingState = 'have-remote-offer';
    else if (d.type === 'rollback') this.signalingState = 'stable';
    else this.signalingState = 'stable';
  }
  addIceCandidate() {
    this.calls.push(this.remote.length ? 'candidate' : 'candidate without a description');
    return Promise.resolve();
  }
  restartIce() {
    this.restarted++;
    this.calls.push('restartIce');
  }
  getSenders() {
    return [];
  }
  close() {}
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

function link(polite: boolean) {
  const sent: RtcSignalOut[] = [];
  const states: string[] = [];
  let pc!: FakePc;
  const l = new PeerLink({
    polite,
    iceServers: [],
    send: (s) => sent.push(s),
    onState: (s) => states.push(s),
    onStream: () => undefined,
    restartAfterMs: 3000,
    createPeerConnection: () => {
      pc = new FakePc();
      return pc as unknown as RTCPeerConnection;
    },
  });
  return { l, pc, sent, states };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PeerLink', () => {
  it('offers when negotiation is needed and answers an offer', async () => {
    const a = link(false);
    a.pc.onnegotiationneeded?.();
    await vi.runAllTimersAsync();
    expect(a.sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp' } }]);
    const b = link(true);
    await b.l.receive({ description: { type: 'offer', sdp: 'x' } });
    expect(b.sent).toEqual([{ description: { type: 'answer', sdp: 'answer-sdp' } }]);
  });

  it('on colliding offers the impolite side ignores the other’s, the polite side takes it', async () => {
    const teacher = link(false);
    const student = link(true);
    teacher.pc.signalingState = 'have-local-offer';
    student.pc.signalingState = 'have-local-offer';
    await teacher.l.receive({ description: { type: 'offer', sdp: 's' } });
    expect(teacher.pc.remote).toEqual([]);
    expect(teacher.sent).toEqual([]);
    await student.l.receive({ description: { type: 'offer', sdp: 't' } });
    expect(student.pc.remote).toEqual([{ type: 'offer', sdp: 't' }]);
    expect(student.sent.at(-1)?.description?.type).toBe('answer');
  });

  it('restarts ICE at once when it fails and after 3 s of being disconnected', async () => {
    const a = link(false);
    a.pc.ice('failed');
    expect(a.pc.restarted).toBe(1);
    a.pc.ice('disconnected');
    vi.advanceTimersByTime(2999);
    expect(a.pc.restarted).toBe(1);
    vi.advanceTimersByTime(1);
    expect(a.pc.restarted).toBe(2);
    // Back before the time is up: no restart.
    a.pc.ice('disconnected');
    vi.advanceTimersByTime(1000);
    a.pc.ice('connected');
    vi.advanceTimersByTime(5000);
    expect(a.pc.restarted).toBe(2);
  });

  it('never restarts twice within the wait while ICE keeps failing', async () => {
    const a = link(false);
    a.pc.ice('failed');
    expect(a.pc.restarted).toBe(1);
    a.pc.ice('checking');
    a.pc.ice('failed');
    expect(a.pc.restarted).toBe(1);
    vi.advanceTimersByTime(2999);
    expect(a.pc.restarted).toBe(1);
    vi.advanceTimersByTime(1);
    expect(a.pc.restarted).toBe(2);
  });

  it('takes signals one after another: a candidate waits for the offer before it', async () => {
    const b = link(true);
    b.pc.remoteDelay = 50;
    const offer = b.l.receive({ description: { type: 'offer', sdp: 'x' } });
    const candidate = b.l.receive({ candidate: { candidate: 'c', sdpMid: '0' } });
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([offer, candidate]);
    expect(b.pc.calls).toEqual(['remote offer', 'candidate']);
  });

  it('resync takes back an offer that waits for its answer and restarts ICE; a settled one just restarts', async () => {
    const a = link(false);
    a.pc.onnegotiationneeded?.();
    await vi.runAllTimersAsync();
    expect(a.pc.signalingState).toBe('have-local-offer');
    await a.l.resync();
    expect(a.pc.calls).toEqual(['rollback', 'restartIce']);
    const b = link(false);
    await b.l.resync();
    expect(b.pc.calls).toEqual(['restartIce']);
  });

  it('says when an offer belongs to a new connection of the other side', async () => {
    const a = link(true);
    a.pc.failRemoteOffer = true;
    expect(await a.l.receive({ description: { type: 'offer', sdp: 'new' } })).toBe(false);
    expect(await a.l.receive({ candidate: null })).toBe(true);
  });
});
