// The video panel of an observer (docs/lessons.md "Video"): no video, no buttons, a 旁听中 notice; a participant's
// panel keeps its controls, shows what the other side says it sends (rtc:state: 对方已静音, 对方未开摄像头) and
// names its own buttons by what they will do (取消静音, 打开摄像头, 停止共享).
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Peer } from '@edu/contract';
import type { VideoCall } from './use-video-call';
import { VideoPanel } from './VideoPanel';

const call = (over: Partial<VideoCall> = {}): VideoCall => ({
  state: 'off',
  local: null,
  remote: null,
  problem: null,
  peer: null,
  audio: true,
  video: true,
  screen: false,
  hasAudio: false,
  hasVideo: false,
  canShare: false,
  toggleAudio: () => {},
  toggleVideo: () => {},
  toggleScreen: () => {},
  ...over,
});

/** A remote stream for the panel's <video>: jsdom plays no media, so play() is given a promise for the test. */
function remoteStream(): MediaStream {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return {} as MediaStream;
}
afterEach(() => vi.restoreAllMocks());

describe('VideoPanel', () => {
  it('shows an observer the 旁听中 notice and nothing of a call', () => {
    const { container } = render(<VideoPanel call={call()} observer />);
    expect(screen.getByText(/^旁听中/)).toBeTruthy();
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('button')).toBeNull();
    expect(container.querySelector('[data-rtc-state]')?.getAttribute('data-rtc-state')).toBe('off');
  });

  it('gives a participant the call and its controls', () => {
    const { container } = render(<VideoPanel call={call({ state: 'idle' })} observer={false} />);
    expect(screen.queryByText(/^旁听中/)).toBeNull();
    expect(container.querySelectorAll('button').length).toBeGreaterThan(0);
  });

  it('shows the other side muted and without a camera, as its rtc:state says', () => {
    const teacher: Peer = { userId: 2, name: '王老师', role: 'teacher', audio: false, video: false, screen: false };
    const { container } = render(
      <VideoPanel call={call({ state: 'connected', peer: teacher, remote: remoteStream() })} observer={false} />,
    );
    expect(screen.getByLabelText('对方已静音')).toBeTruthy();
    expect(screen.getByText('王老师 · 对方未开摄像头')).toBeTruthy();
    expect(container.querySelector('.lesson-video-remote > video')?.classList.contains('lesson-video-hidden')).toBe(
      true,
    );
  });

  it('shows the other side’s picture while it sends video or its screen, and no mute mark while it is heard', () => {
    const sharing: Peer = { userId: 2, name: '王老师', role: 'teacher', audio: true, video: true, screen: true };
    const { container } = render(
      <VideoPanel call={call({ state: 'connected', peer: sharing, remote: remoteStream() })} observer={false} />,
    );
    expect(screen.queryByLabelText('对方已静音')).toBeNull();
    expect(container.querySelector('.lesson-video-empty')).toBeNull();
    expect(container.querySelector('.lesson-video-remote > video')?.classList.contains('lesson-video-hidden')).toBe(
      false,
    );
  });

  it('names its own buttons by what they will do, and sends the clicks', () => {
    const toggleAudio = vi.fn();
    const toggleScreen = vi.fn();
    const muted = call({
      state: 'connected',
      audio: false,
      video: false,
      screen: true,
      hasAudio: true,
      hasVideo: true,
      canShare: true,
      toggleAudio,
      toggleScreen,
    });
    render(<VideoPanel call={muted} observer={false} />);
    fireEvent.click(screen.getByRole('button', { name: '取消静音' }));
    expect(toggleAudio).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '打开摄像头' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /停止共享/ }));
    expect(toggleScreen).toHaveBeenCalledTimes(1);
  });

  it('leaves the buttons of a missing device disabled and says why', () => {
    render(
      <VideoPanel
        call={call({ state: 'idle', audio: false, video: false, problem: '未检测到摄像头或麦克风，可以只用白板上课' })}
        observer={false}
      />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '取消静音' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '打开摄像头' }).disabled).toBe(true);
    expect(screen.getByText('未检测到摄像头或麦克风，可以只用白板上课')).toBeTruthy();
  });
});
