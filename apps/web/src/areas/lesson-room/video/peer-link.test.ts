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

  setLocalDescription() {
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
    const d = { type, sdp: `${type}-sdp` };
    this.localDescription = { ...d, toJSON: () => d as RTCSessionDescriptionInit };
    return Promise.resolve();
  }
  setRemoteDescription(d: RTCSessionDescriptionInit) {
    if (d.type === 'offer' && this.failRemoteOffer) return Promise.reject(new Error('fingerprint'));
    this.remote.push(d);
    if (d.type === 'offer') this.signalingState = 'have-remote-offer';
    else if (d.type === 'rollback') this.signalingState = 'stable';
    else this.signalingState = 'stable';
    return Promise.resolve();
  }
  addIceCandidate() {
    return Promise.resolve();
  }
  restartIce() {
    this.restarted++;
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

  it('says when an offer belongs to a new connection of the other side', async () => {
    const a = link(true);
    a.pc.failRemoteOffer = true;
    expect(await a.l.receive({ description: { type: 'offer', sdp: 'new' } })).toBe(false);
    expect(await a.l.receive({ candidate: null })).toBe(true);
  });
});
