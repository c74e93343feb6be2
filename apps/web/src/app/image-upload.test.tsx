// The shared image upload: a file of the wrong type or size is refused before any call; a good one is sent as
// the raw body of PUT /v1/files and its id handed on.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { API } from '../api/routes';
import { AppProviders, createQueryClient } from './providers';
import { SessionContext } from './session-context';
import type { Session } from './startup';
import { useImageUpload } from './image-upload';

function harness() {
  const call = vi.fn(() => Promise.resolve({ id: 'f1' }));
  const onUploaded = vi.fn();
  const box: { upload?: (file: File) => void } = {};
  function Probe() {
    box.upload = useImageUpload({ success: '已上传', onUploaded }).upload;
    return null;
  }
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SessionContext.Provider value={{ call } as unknown as Session}>
        <Probe />
      </SessionContext.Provider>
    </AppProviders>,
  );
  return { call, onUploaded, upload: (f: File) => act(() => box.upload!(f)) };
}

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'a', { type });

describe('useImageUpload', () => {
  it('refuses a type the server does not take, without a call', async () => {
    const h = harness();
    h.upload(file('application/pdf', 10));
    expect(await screen.findByText('只支持 PNG、JPEG、GIF 或 WebP 图片')).toBeTruthy();
    expect(h.call).not.toHaveBeenCalled();
  });

  it('refuses a file over 2 MB, without a call', async () => {
    const h = harness();
    h.upload(file('image/png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByText('图片不能超过 2 MB')).toBeTruthy();
    expect(h.call).not.toHaveBeenCalled();
  });

  it('sends an image as the raw body and hands on its id', async () => {
    const h = harness();
    const png = file('image/png', 100);
    h.upload(png);
    expect(await screen.findByText('已上传')).toBeTruthy();
    expect(h.call).toHaveBeenCalledWith(API.fileUpload, { raw: png });
    expect(h.onUploaded).toHaveBeenCalledWith({ id: 'f1' }, png);
  });
});
