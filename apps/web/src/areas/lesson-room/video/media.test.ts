// Camera and microphone failures and their messages (docs/web.md "The lesson room").
import { describe, expect, it } from 'vitest';
import { MEDIA_TEXTS } from '../texts';
import { getLocalMedia, mediaErrorMessage } from './media';

const fail = (name: string) => Object.assign(new Error(name), { name });
const stream = { id: 's' } as unknown as MediaStream;

describe('mediaErrorMessage', () => {
  it('tells a missing device from a refused permission and a busy one', () => {
    expect(mediaErrorMessage(fail('NotFoundError'))).toBe('未检测到摄像头或麦克风，可以只用白板上课');
    expect(mediaErrorMessage(fail('NotAllowedError'))).toMatch(/^摄像头或麦克风权限被拒绝/);
    expect(mediaErrorMessage(fail('SecurityError'))).toBe(MEDIA_TEXTS.denied);
    expect(mediaErrorMessage(fail('NotReadableError'))).toBe(MEDIA_TEXTS.busy);
    expect(mediaErrorMessage(fail('Whatever'))).toBe(MEDIA_TEXTS.failed);
    expect(mediaErrorMessage('no')).toBe(MEDIA_TEXTS.failed);
  });
});

describe('getLocalMedia', () => {
  const devices = (answer: (c: MediaStreamConstraints) => MediaStream | Error) => {
    const asked: MediaStreamConstraints[] = [];
    return {
      asked,
      md: {
        getUserMedia: (c: MediaStreamConstraints) => {
          asked.push(c);
          const a = answer(c);
          return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
        },
      },
    };
  };

  it('asks for both at once', async () => {
    const d = devices(() => stream);
    expect(await getLocalMedia(d.md)).toEqual({ stream, problem: null });
    expect(d.asked).toHaveLength(1);
  });

  it('goes on with the microphone alone when there is no camera', async () => {
    const d = devices((c) => (c.video ? fail('NotFoundError') : stream));
    expect(await getLocalMedia(d.md)).toEqual({ stream, problem: MEDIA_TEXTS.audioOnly });
  });

  it('gives the board-only message when nothing is there', async () => {
    const d = devices(() => fail('NotFoundError'));
    expect(await getLocalMedia(d.md)).toEqual({ stream: null, problem: MEDIA_TEXTS.notFound });
    expect(d.asked).toHaveLength(3);
  });

  it('stops at a refused permission', async () => {
    const d = devices(() => fail('NotAllowedError'));
    expect(await getLocalMedia(d.md)).toEqual({ stream: null, problem: MEDIA_TEXTS.denied });
    expect(d.asked).toHaveLength(1);
  });

  it('explains a page without HTTPS and a browser without media', async () => {
    expect((await getLocalMedia(undefined, false)).problem).toBe(MEDIA_TEXTS.insecure);
    expect((await getLocalMedia(undefined, true)).problem).toBe(MEDIA_TEXTS.unsupported);
  });
});
