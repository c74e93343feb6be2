// The logo upload shows the server's refusal when a storage quota is reached (docs/security.md "Uploads").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SessionContext } from '../../../app/session-context';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession } from '../../../test/render';
import { LogoUpload } from './LogoUpload';

const QUOTA =
  '本机构的上传空间已满：已用 1023.5 MB，上限 1 GB，这张图片 1 MB。没有被任何内容引用的图片会在上传 24 小时后自动清理';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LogoUpload', () => {
  it('shows the quota message when the server refuses the upload with 413', async () => {
    const { session, calls } = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'PUT /v1/files': () => ({ status: 413, json: envelope(null, 413, QUOTA) }),
    });
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <SessionContext.Provider value={session}>
          <LogoUpload value={null} onChange={onChange} />
        </SessionContext.Provider>
      </AppProviders>,
    );
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText(QUOTA)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/files')).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
