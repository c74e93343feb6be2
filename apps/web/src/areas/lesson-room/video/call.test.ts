// The lesson's call (docs/lessons.md "Video"): two calls over a fake room socket, on fake connections (fake-rtc.ts)
// that refuse a second other connection's descriptions as a browser's refuse its DTLS fingerprint. Whatever the
// order — the teacher first or the student, a first offer lost, a reload on either side, a socket away while the
// other side restarts ICE — both end on one pair of connections that took each other's descriptions.
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeRtc } from '../../../test/fake-rtc';
import { LessonCall, type CallSignal } from './call';

type Role = 'teacher' | 'student';
const other = (r: Role): Role => (r === 'teacher' ? 'student' : 'teacher');
const fake = (c: LessonCall | undefined) => c?.link.pc as unknown as FakeRtc;
const kind = (s: CallSignal) => s.description?.type ?? (s.candidate !== undefined ? 'candidate' : 'hello');

/**
 * The room's socket as the page sees it: a signal to a side that is not in the room is lost, one to a side whose call
 * does not exist yet is held for it (use-video-call.ts), and a side that is away holds what it sends until it is back.
 */
class Room {
  readonly calls: Partial<Record<Role, LessonCall>> = {};
  private readonly inRoom = new Set<Role>();
  private readonly wire: { to: Role; s: CallSignal }[] = [];
  private readonly early: Record<Role, CallSignal[]> = { teacher: [], student: [] };
  private readonly outbox: Record<Role, CallSignal[]> = { teacher: [], student: [] };
  /** What each side sent, in order. */
  readonly sent: Record<Role, CallSignal[]> = { teacher: [], student: [] };

  /** The page enters the room (a reload: its call before is gone). */
  enter(role: Role): LessonCall {
    this.calls[role]?.close();
    delete this.calls[role];
    this.inRoom.add(role);
    this.early[role] = [];
    return this.call(role);
  }

  /** The call starts (media and ICE servers known), taking what was held for it. */
  call(role: Role): LessonCall {
    const c = new LessonCall({
      role,
      iceServers: [],
      local: null,
      restartAfterMs: 20,
      send: (s) => this.send(role, s),
      onState: () => undefined,
      onStream: () => undefined,
      createPeerConnection: (config) => new FakeRtc(config) as unknown as RTCPeerConnection,
    });
    this.calls[role] = c;
    for (const s of this.early[role].splice(0)) void c.receive(s);
    c.start();
    return c;
  }

  /** In the room without a call yet (its camera is still being asked for). */
  waiting(role: Role) {
    this.inRoom.add(role);
  }

  send(from: Role, s: CallSignal) {
    this.sent[from].push(s);
    if (this.inRoom.has(from)) this.wire.push({ to: other(from), s });
    else this.outbox[from].push(s);
  }

  /** The side's socket drops: what is sent to it is lost, what it sends waits. */
  drop(role: Role) {
    this.inRoom.delete(role);
  }

  /** The side's socket is back and joined: what waited goes, and the call catches up. */
  back(role: Role) {
    this.inRoom.add(role);
    for (const s of this.outbox[role].splice(0)) this.wire.push({ to: other(role), s });
    this.calls[role]?.rejoined();
  }

  /** Delivers signals and lets the connections' events run until nothing moves. */
  async settle() {
    for (let idle = 0; idle < 6;) {
      await new Promise((r) => setTimeout(r, 10));
      const batch = this.wire.splice(0);
      if (batch.length === 0) {
        idle++;
        continue;
      }
      idle = 0;
      for (const { to, s } of batch) {
        if (!this.inRoom.has(to)) continue;
        const c = this.calls[to];
        if (c) void c.receive(s);
        else this.early[to].push(s);
      }
    }
  }

  /** Both calls' connections took each other's descriptions and are connected. */
  connected(): boolean {
    const t = fake(this.calls.teacher);
    const s = fake(this.calls.student);
    return (
      !!t &&
      !!s &&
      t.remotePc === s.id &&
      s.remotePc === t.id &&
      t.connectionState === 'connected' &&
      s.connectionState === 'connected'
    );
  }
}

beforeEach(() => FakeRtc.reset());

describe('LessonCall', () => {
  it('connects when the student is in the room first: the teacher offers, the student answers', async () => {
    const room = new Room();
    room.enter('student');
    await room.settle();
    // Without a session the student sends nothing but its hello: no offer of its own.
    expect(room.sent.student.map(kind)).toEqual(['hello']);
    room.enter('teacher');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(room.calls.teacher?.links).toBe(1);
    expect(room.calls.student?.links).toBe(1);
    expect(room.sent.student.filter((s) => s.description?.type === 'offer')).toEqual([]);
  });

  it('connects when the teacher’s first offer was lost: the student’s hello brings it again', async () => {
    const room = new Room();
    room.enter('teacher');
    await room.settle();
    expect(room.sent.teacher.map(kind)).toContain('offer');
    room.enter('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    // The same connection's offer, sent twice: no second connection.
    expect(room.calls.teacher?.links).toBe(1);
    expect(room.sent.teacher.filter((s) => s.description?.type === 'offer')).toHaveLength(2);
  });

  it('connects when the offer came while the student’s camera was still being asked for', async () => {
    const room = new Room();
    room.waiting('student');
    room.enter('teacher');
    await room.settle();
    room.call('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(room.sent.student.map(kind)).not.toContain('hello');
  });

  it('a student who reloads gets a new connection; the old one’s late answer changes nothing', async () => {
    const room = new Room();
    room.enter('student');
    room.enter('teacher');
    await room.settle();
    expect(room.connected()).toBe(true);
    const oldAnswer = room.sent.student.find((s) => s.description?.type === 'answer');
    const teacherPc = fake(room.calls.teacher).id;

    room.enter('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(fake(room.calls.teacher).id).not.toBe(teacherPc);
    expect(room.calls.teacher?.links).toBe(2);

    if (oldAnswer) room.send('student', oldAnswer);
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(FakeRtc.open().filter((p) => p.connectionState === 'connected')).toHaveLength(2);
  });

  it('a teacher who reloads: the student takes the new offer on a new connection', async () => {
    const room = new Room();
    room.enter('teacher');
    room.enter('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    const studentPc = fake(room.calls.student).id;

    room.enter('teacher');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(fake(room.calls.student).id).not.toBe(studentPc);
    expect(room.calls.student?.links).toBe(2);
  });

  it('a student whose socket was away catches up on the ICE restart it missed, on the same connections', async () => {
    const room = new Room();
    room.enter('student');
    room.enter('teacher');
    await room.settle();
    const pcs = [fake(room.calls.teacher).id, fake(room.calls.student).id];

    room.drop('student');
    fake(room.calls.teacher).cut();
    await room.settle();
    expect(room.connected()).toBe(false);
    // The teacher restarted ICE; its offer went to nobody.
    expect(room.calls.teacher?.link.restarts).toBeGreaterThan(0);

    room.back('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect([fake(room.calls.teacher).id, fake(room.calls.student).id]).toEqual(pcs);
    expect(fake(room.calls.teacher).ice).toBeGreaterThan(0);
  });

  it('a teacher whose socket was away restarts ICE when back and both connect again', async () => {
    const room = new Room();
    room.enter('teacher');
    room.enter('student');
    await room.settle();
    const pcs = [fake(room.calls.teacher).id, fake(room.calls.student).id];

    room.drop('teacher');
    fake(room.calls.student).cut();
    await room.settle();
    expect(room.connected()).toBe(false);

    room.back('teacher');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect([fake(room.calls.teacher).id, fake(room.calls.student).id]).toEqual(pcs);
  });

  it('a socket that comes back while the call is fine restarts ICE once and stays connected', async () => {
    const room = new Room();
    room.enter('teacher');
    room.enter('student');
    await room.settle();
    room.drop('student');
    room.back('student');
    await room.settle();
    expect(room.connected()).toBe(true);
    expect(room.calls.teacher?.link.restarts).toBe(1);
    expect(room.calls.teacher?.links).toBe(1);
  });

  it('signals of a session the student never took are dropped until its offer comes', async () => {
    const room = new Room();
    room.enter('student');
    await room.settle();
    void room.calls.student?.receive({ session: 'gone', candidate: { candidate: 'x:0', sdpMid: '0' } });
    void room.calls.student?.receive({ session: 'gone', description: { type: 'answer', sdp: '{}' } });
    await room.settle();
    expect(fake(room.calls.student).remotePc).toBeNull();
    expect(room.sent.student.map(kind)).toEqual(['hello']);
  });
});
