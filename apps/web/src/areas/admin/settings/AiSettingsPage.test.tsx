import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReadingAgencySettings, ReadingCallPage, ReadingSettings } from '@edu/contract';
import type { RecordedCall } from '../../../test/fake-api';
import { readingSession, renderWith } from '../question/reading/reading-test-kit';
import { AgencyAiSettingsPage, PlatformAiSettingsPage } from './AiSettingsPage';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const OWN: ReadingAgencySettings = {
  provider: 'openai',
  baseUrl: 'http://127.0.0.1:11434/v1',
  model: 'qwen2.5',
  timeoutSeconds: 60,
  inputPricePer1k: 0.002,
  outputPricePer1k: 0.006,
  hasKey: true,
  lastUpdate: 1_700_000_000_000,
  inherited: false,
};
const CALLS: ReadingCallPage = {
  total: 1,
  list: [
    {
      id: 'c1',
      agencyId: 'demo',
      at: 1_700_000_100_000,
      provider: 'openai',
      model: 'qwen2.5',
      purpose: 'generate',
      promptTokens: 1200,
      completionTokens: 340,
      cost: 0.00444,
      outcome: 'ok',
      message: '',
    },
  ],
};
const ok = (response: unknown) => ({
  errno: 0,
  errmsg: '',
  error: '',
  serverTime: 0,
  module: 'r',
  version: 't',
  response,
});
const saves = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');
const requestOf = (c: RecordedCall) => (c.body as { request: Record<string, unknown> }).request;

/** The server: keeps the settings, answers them without any key, only whether one is stored. */
function settingsServer(path: string, initial: ReadingSettings | ReadingAgencySettings) {
  let current = initial;
  return {
    [`GET ${path}`]: () => ({ json: ok(current) }),
    [`POST ${path}`]: (c: RecordedCall) => {
      const { apiKey, ...rest } = requestOf(c) as { apiKey?: string } & ReadingSettings;
      const hasKey = apiKey === undefined ? current.hasKey : apiKey !== '';
      current = { ...current, ...rest, hasKey, lastUpdate: current.lastUpdate + 1 };
      return { json: ok(current) };
    },
  };
}

describe('AI 设置 (agency)', () => {
  it('never shows a stored key: 已设置, an empty password field, blank keeps the key and 清除 sends ""', async () => {
    const { session, calls } = await readingSession({
      ...settingsServer('/v1/reading/settings/agency', OWN),
      'GET /v1/reading/calls': CALLS,
    });
    renderWith(session, <AgencyAiSettingsPage />);
    const key = await screen.findByLabelText<HTMLInputElement>('密钥');
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(screen.getByText('已设置')).toBeTruthy();
    // The call log: tokens and cost.
    expect(await screen.findByText('1200')).toBeTruthy();
    expect(screen.getByText('0.0044')).toBeTruthy();

    // Saved without typing a key: no apiKey sent (the stored one is kept).
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(requestOf(saves(calls)[0])).not.toHaveProperty('apiKey');

    // A new key is sent once and is not on the page afterwards.
    fireEvent.change(await screen.findByLabelText('密钥'), { target: { value: 'sk-secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(requestOf(saves(calls)[1]).apiKey).toBe('sk-secret-123');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('密钥').value).toBe(''));
    expect(document.body.innerHTML).not.toContain('sk-secret-123');

    // 清除 sends '' and the page then says 未设置.
    fireEvent.click(screen.getByLabelText('清除已保存的密钥'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(3));
    expect(requestOf(saves(calls)[2]).apiKey).toBe('');
    expect(await screen.findByText('未设置')).toBeTruthy();
  });

  it('checks the form in Chinese before sending', async () => {
    const { session, calls } = await readingSession({
      ...settingsServer('/v1/reading/settings/agency', OWN),
      'GET /v1/reading/calls': { total: 0, list: [] },
    });
    renderWith(session, <AgencyAiSettingsPage />);
    fireEvent.change(await screen.findByLabelText('接口地址'), { target: { value: 'ftp://models.example' } });
    fireEvent.change(screen.getByLabelText('模型'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('接口地址应以 http:// 或 https:// 开头')).toBeTruthy();
    expect(screen.getByText('使用模型时请填写模型名')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
    expect(screen.getByText('暂无调用记录')).toBeTruthy();
  });

  it('on the platform default: read-only until 本机构单独设置 is chosen', async () => {
    const { session, calls } = await readingSession({
      ...settingsServer('/v1/reading/settings/agency', { ...OWN, provider: 'offline', inherited: true }),
      'GET /v1/reading/calls': { total: 0, list: [] },
    });
    renderWith(session, <AgencyAiSettingsPage />);
    expect(await screen.findByText('当前使用平台默认设置（以下为平台默认的内容，只读）。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    fireEvent.click(screen.getByLabelText('本机构单独设置'));
    // The platform's key is not the agency's: its own starts without one.
    expect(await screen.findByText('未设置')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(requestOf(saves(calls)[0])).toMatchObject({ provider: 'offline', timeoutSeconds: 60 });
  });
});

describe('测试连接 and the reasons in the call log', () => {
  it('sends the form as typed, shows the reason of a failure until the form changes, and lists each call’s reason', async () => {
    const failed: ReadingCallPage = {
      total: 1,
      list: [
        {
          ...CALLS.list[0],
          id: 'c2',
          outcome: 'error',
          promptTokens: 0,
          completionTokens: 0,
          cost: 0,
          message: 'HTTP 200 的回复中是错误：Model Not Exist',
        },
      ],
    };
    const { session, calls } = await readingSession({
      ...settingsServer('/v1/reading/settings/agency', OWN),
      'POST /v1/reading/settings/agency/test': {
        ok: false,
        message: '连接失败：HTTP 404：The model `qwen9` does not exist.',
        latencyMs: 42,
      },
      'GET /v1/reading/calls': failed,
    });
    renderWith(session, <AgencyAiSettingsPage />);
    // The reason is in the list itself, not only behind the outcome tag.
    expect(await screen.findByText('HTTP 200 的回复中是错误：Model Not Exist')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '原因 / 说明' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('模型'), { target: { value: 'qwen9' } });
    fireEvent.click(screen.getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('连接失败：HTTP 404：The model `qwen9` does not exist.')).toBeTruthy();
    expect(screen.getByText('耗时 42 毫秒')).toBeTruthy();
    const tests = calls.filter((c) => c.path === '/v1/reading/settings/agency/test');
    expect(tests).toHaveLength(1);
    expect(requestOf(tests[0])).toMatchObject({ provider: 'openai', model: 'qwen9', baseUrl: OWN.baseUrl });
    expect(requestOf(tests[0])).not.toHaveProperty('apiKey');
    // Nothing saved by a test.
    expect(calls.filter((c) => c.path === '/v1/reading/settings/agency' && c.method === 'POST')).toHaveLength(0);
    // Changing the form clears the stale result.
    fireEvent.change(screen.getByLabelText('模型'), { target: { value: 'qwen2.5' } });
    await waitFor(() => expect(screen.queryByText(/连接失败/)).toBeNull());
  });

  it('offers no 测试连接 for offline generation or on the read-only platform default', async () => {
    const { session } = await readingSession({
      ...settingsServer('/v1/reading/settings/agency', { ...OWN, inherited: true }),
      'GET /v1/reading/calls': { total: 0, list: [] },
    });
    renderWith(session, <AgencyAiSettingsPage />);
    expect(await screen.findByText('当前使用平台默认设置（以下为平台默认的内容，只读）。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '测试连接' })).toBeNull();
    fireEvent.click(screen.getByLabelText('本机构单独设置'));
    expect(await screen.findByRole('button', { name: '测试连接' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('离线生成（词典数据，无需联网）'));
    await waitFor(() => expect(screen.queryByRole('button', { name: '测试连接' })).toBeNull());
  });
});

describe('平台 AI 设置', () => {
  it('saves the platform default and lists every agency’s calls', async () => {
    const { session, calls } = await readingSession(
      {
        ...settingsServer('/v1/reading/settings/platform', { ...OWN, provider: 'offline', hasKey: false }),
        'GET /v1/reading/calls/all': CALLS,
      },
      ['edu:admin'],
    );
    renderWith(session, <PlatformAiSettingsPage />);
    expect(await screen.findByText('平台 AI 设置')).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: '机构' })).toBeTruthy();
    expect(await screen.findByText('demo')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('OpenAI 兼容模型'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0].path).toBe('/v1/reading/settings/platform');
    expect(requestOf(saves(calls)[0])).toMatchObject({ provider: 'openai', model: 'qwen2.5' });
  });
});
