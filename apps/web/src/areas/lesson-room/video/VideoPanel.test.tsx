// The video panel of an observer (docs/lessons.md "Video"): no video, no buttons, a 旁听中 notice; a participant's
// panel keeps its controls.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
