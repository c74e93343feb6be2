// The lesson's 1:1 call (docs/lessons.md "Video"): which RTCPeerConnection (PeerLink) of each side talks to which of
// the other. The teacher's connection names a session (a random id) carried by every signal of both sides; the
// student's connection serves one session. So a signal of a connection that is gone never reaches a new one — an
// answer to an old offer, a candidate of a closed connection — and both sides know when to start anew:
//
// - the teacher offers as soon as its connection exists (audio and video, with or without a camera);
// - the student answers; it sends nothing before it has a session (its own offers wait until then);
// - an offer of a session the student has not seen means the teacher has a new connection: the student takes it on
//   a new connection of its own;
// - a student connection that has no session yet says so with a hello (a signal with neither description nor
//   candidate): the teacher sends its waiting offer again, or — when its connection was answered already (the
//   student reloaded) — starts a new connection;
// - a student whose socket came back says hello with its session, and a teacher whose socket came back does not
//   wait: the teacher takes back an offer still waiting for its answer and restarts ICE on the same connection
//   (signals sent to a socket that was away are lost; candidates are gathered anew).
import { PeerLink, type MediaKind, type PeerLinkOptions, type RtcSignalOut } from './peer-link';

/** What `rtc:signal` carries besides the lesson: a description, a candidate, or neither (a hello). */
export interface CallSignal extends RtcSignalOut {
  session?: string;
}

export interface LessonCallOptions extends Pick<
  PeerLinkOptions,
  'iceServers' | 'relayOnly' | 'restartAfterMs' | 'createPeerConnection'
> {
  role: 'teacher' | 'student';
  /** This side's camera and microphone (null: none), sent on every connection. */
  local: MediaStream | null;
  send: (signal: CallSignal) => void;
  onState: (state: RTCPeerConnectionState) => void;
  onStream: (stream: MediaStream | null) => void;
}

/** 128 random bits in hex (getRandomValues works on plain-HTTP pages too, randomUUID does not). */
const randomSession = () =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export class LessonCall {
  link: PeerLink;
  /** The teacher's: its connection's session. The student's: the session its connection serves, null before one. */
  private session: string | null = null;
  /** Sessions of connections that are gone (their late signals are dropped). */
  private readonly retired = new Set<string>();
  /** The teacher's: a signal of the student came for the current session. */
  private answered = false;
  private closed = false;
  /** Connections made so far (the first included). */
  links = 0;

  constructor(private readonly o: LessonCallOptions) {
    this.link = this.newLink();
  }

  private get teacher() {
    return this.o.role === 'teacher';
  }

  private newLink(): PeerLink {
    if (this.teacher) {
      if (this.session) this.retired.add(this.session);
      this.session = randomSession();
      this.answered = false;
    }
    const session = () => this.session;
    let link: PeerLink | null = null;
    const mine = () => link !== null && this.link === link && !this.closed;
    link = new PeerLink({
      polite: !this.teacher,
      iceServers: this.o.iceServers,
      relayOnly: this.o.relayOnly,
      restartAfterMs: this.o.restartAfterMs,
      createPeerConnection: this.o.createPeerConnection,
      // Sent only while this connection is the call's and (the student's) serves a session.
      send: (s) => {
        const at = session();
        if (mine() && at) this.o.send({ ...s, session: at });
      },
      mayOffer: () => this.teacher || session() !== null,
      onState: (s) => {
        if (mine()) this.o.onState(s);
      },
      onStream: (s) => {
        if (mine()) this.o.onStream(s);
      },
    });
    this.links++;
    const stream = this.o.local;
    if (this.teacher) link.offerBoth(stream);
    else if (stream) for (const t of stream.getTracks()) void link.setTrack(t.kind as MediaKind, t, stream);
    return link;
  }

  /** Replaces the connection (the one before is closed; its late signals are dropped). */
  private replace() {
    this.link.close();
    this.link = this.newLink();
    this.o.onStream(null);
    this.o.onState('new');
  }

  /** The student's first word: a hello unless a session came already (signals held before the call existed). */
  start() {
    if (!this.teacher && this.session === null) this.o.send({});
  }

  /** This side's socket is back in the room: what the other side may have missed is sent again. */
  rejoined() {
    if (this.closed) return;
    if (this.teacher) void this.link.resync();
    else this.o.send(this.session ? { session: this.session } : {});
  }

  /** A signal of the other participant. */
  async receive(s: CallSignal): Promise<void> {
    if (this.closed) return;
    const hello = s.description === undefined && s.candidate === undefined;
    if (this.teacher) return this.teacherReceives(s, hello);
    if (hello || !s.session || this.retired.has(s.session)) return;
    if (s.session !== this.session) {
      // Only an offer starts a session; a candidate or answer of an unknown one belongs to an offer never seen.
      if (s.description?.type !== 'offer') return;
      if (this.session !== null) {
        this.retired.add(this.session);
        this.session = s.session;
        this.replace();
      } else this.session = s.session;
    }
    const link = this.link;
    const ok = await link.receive(s);
    // An offer that this connection cannot take after all: a new connection takes it.
    if (!ok && this.link === link && !this.closed) {
      this.replace();
      await this.link.receive(s);
    }
  }

  private async teacherReceives(s: CallSignal, hello: boolean) {
    if (hello) {
      if (s.session === this.session) void this.link.resync();
      // A new connection of the student: the waiting offer again, or a new connection when this one was answered.
      else if (!this.answered) this.link.resendOffer();
      else this.replace();
      return;
    }
    if (s.session !== this.session) return;
    this.answered = true;
    await this.link.receive(s);
  }

  /** Sends `track` as this side's track of its kind on the current connection. */
  setTrack(kind: MediaKind, track: MediaStreamTrack | null, stream: MediaStream | null) {
    return this.link.setTrack(kind, track, stream);
  }

  setIceServers(iceServers: RTCIceServer[]) {
    this.o.iceServers = iceServers;
    this.link.setIceServers(iceServers);
  }

  close() {
    this.closed = true;
    this.link.close();
  }
}
