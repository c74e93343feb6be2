// The camera and microphone (docs/web.md "The lesson room"): asked for together, then one without the other when
// a device is missing; every failure has a clear Chinese message and the lesson goes on with the board alone.
import { MEDIA_TEXTS } from '../texts';

/** The message for a getUserMedia failure (a DOMException's name decides). */
export function mediaErrorMessage(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null) ? (error as Error).name : '';
  switch (name) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return MEDIA_TEXTS.notFound;
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return MEDIA_TEXTS.denied;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return MEDIA_TEXTS.busy;
    default:
      return MEDIA_TEXTS.failed;
  }
}

/** Whether a failure means a device is missing (then the other kind alone is tried). */
const missing = (e: unknown) =>
  ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes((e as Error | null)?.name ?? '');

export interface LocalMedia {
  stream: MediaStream | null;
  /** Why there is no camera or microphone (or only one of them), for the user; null when both work. */
  problem: string | null;
}

/** The camera's size: enough for a small face, kind to a phone's upload. */
const VIDEO: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 24 } };

type GetUserMedia = (c: MediaStreamConstraints) => Promise<MediaStream>;

/** Camera and microphone, or what of them there is, with the reason for what is missing. */
export async function getLocalMedia(
  md: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
  secure = globalThis.isSecureContext ?? true,
): Promise<LocalMedia> {
  if (!md?.getUserMedia) return { stream: null, problem: secure ? MEDIA_TEXTS.unsupported : MEDIA_TEXTS.insecure };
  const get: GetUserMedia = (c) => md.getUserMedia(c);
  try {
    return { stream: await get({ audio: true, video: VIDEO }), problem: null };
  } catch (both) {
    if (!missing(both)) return { stream: null, problem: mediaErrorMessage(both) };
  }
  try {
    return { stream: await get({ audio: true }), problem: MEDIA_TEXTS.audioOnly };
  } catch (e) {
    if (!missing(e)) return { stream: null, problem: mediaErrorMessage(e) };
  }
  try {
    return { stream: await get({ video: VIDEO }), problem: MEDIA_TEXTS.videoOnly };
  } catch (e) {
    return { stream: null, problem: mediaErrorMessage(e) };
  }
}
