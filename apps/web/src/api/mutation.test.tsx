// The shared mutation handling: one success toast, the envelope's errmsg as the error toast (or nothing when
// the page shows it in place), stale queries refetched, and `run` that never rejects.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from '../app/providers';
import { useApiMutation, type ApiMutation, type ApiMutationOptions } from './mutation';

// The HTTP client rejects with the envelope itself (api/client.ts), not with an Error.
// eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as the client does
const rejectWithEnvelope = () => Promise.reject(refused);
const refused = {
  errno: 409,
  errmsg: '同名学科已存在',
  error: 'conflict',
  serverTime: 0,
  module: 'exam',
  version: '1',
  response: null,
};

function harness(options: ApiMutationOptions<string, string>, read = vi.fn(() => Promise.resolve('v'))) {
  const box: { m?: ApiMutation<string, string> } = {};
  function Probe() {
    box.m = useApiMutation(options);
    useQuery({ queryKey: ['things', 'demo'], queryFn: read });
    return <span>{box.m.isPending ? 'busy' : 'idle'}</span>;
  }
  const queryClient: QueryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <Probe />
    </AppProviders>,
  );
  return { box, read };
}

describe('useApiMutation', () => {
  it('shows the success text, refetches the stale queries, then calls onSuccess', async () => {
    const onSuccess = vi.fn();
    const { box, read } = harness({
      mutationFn: (name) => Promise.resolve(`id-${name}`),
      success: (id) => `已保存 ${id}`,
      invalidates: [['things']],
      onSuccess,
    });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    let ok = false;
    await act(async () => {
      ok = await box.m!.run('a');
    });
    expect(ok).toBe(true);
    expect(await screen.findByText('已保存 id-a')).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(2);
    expect(onSuccess).toHaveBeenCalledWith('id-a', 'a');
  });

  it("shows the envelope's errmsg on failure and run resolves false", async () => {
    const { box } = harness({ mutationFn: rejectWithEnvelope, success: '不应出现' });
    let ok = true;
    await act(async () => {
      ok = await box.m!.run('a');
    });
    expect(ok).toBe(false);
    expect(await screen.findByText('同名学科已存在')).toBeTruthy();
    expect(screen.queryByText('不应出现')).toBeNull();
  });

  it("with error 'none' shows no toast and hands the error to onError", async () => {
    const onError = vi.fn();
    const { box } = harness({ mutationFn: rejectWithEnvelope, error: 'none', onError });
    await act(async () => {
      await box.m!.run('a');
    });
    expect(onError).toHaveBeenCalledWith(refused, 'a');
    expect(screen.queryByText('同名学科已存在')).toBeNull();
  });

  it('is pending while the write runs', async () => {
    let finish: (v: string) => void = () => {};
    const { box } = harness({ mutationFn: () => new Promise<string>((r) => (finish = r)) });
    act(() => void box.m!.run('a'));
    expect(await screen.findByText('busy')).toBeTruthy();
    await act(async () => finish('x'));
    expect(await screen.findByText('idle')).toBeTruthy();
  });
});
