// The provider form of the AI settings pages: provider, base URL, model, a write-only key (a password field that
// never shows a stored key: 已设置 when one is stored; blank keeps it, 清除 sends ''), timeout and prices. Checked by
// the contract's ReadingSettingsWrite (Chinese messages), plus a base URL and model when a model is used. 测试连接
// sends the form as typed (checked the same way) and shows ok or the server's reason until the form changes.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  READING_PROVIDERS,
  ReadingSettingsWrite,
  type ReadingConnectionTest,
  type ReadingSettings,
} from '@edu/contract';
import { AI_SETTINGS_TEXTS as T } from './texts';

interface FormState {
  provider: ReadingSettings['provider'];
  baseUrl: string;
  model: string;
  timeoutSeconds: number | null;
  inputPricePer1k: number | null;
  outputPricePer1k: number | null;
  /** A new key typed; never a stored one. */
  key: string;
  clearKey: boolean;
}

const stateOf = (s: ReadingSettings): FormState => ({
  provider: s.provider,
  baseUrl: s.baseUrl,
  model: s.model,
  timeoutSeconds: s.timeoutSeconds,
  inputPricePer1k: s.inputPricePer1k,
  outputPricePer1k: s.outputPricePer1k,
  key: '',
  clearKey: false,
});

/** The body to send, or the messages by field. `apiKey`: absent keeps the stored key, '' clears it. */
export function checkSettings(
  s: FormState,
): { ok: true; body: ReadingSettingsWrite } | { ok: false; errors: Record<string, string> } {
  const apiKey = s.clearKey ? '' : s.key.trim() ? s.key.trim() : undefined;
  const parsed = ReadingSettingsWrite.safeParse({
    provider: s.provider,
    baseUrl: s.baseUrl,
    model: s.model,
    timeoutSeconds: s.timeoutSeconds ?? undefined,
    inputPricePer1k: s.inputPricePer1k ?? undefined,
    outputPricePer1k: s.outputPricePer1k ?? undefined,
    ...(apiKey === undefined ? {} : { apiKey }),
  });
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  if (s.provider === 'openai') {
    if (!s.baseUrl.trim()) errors.baseUrl ??= T.baseUrlRequired;
    if (!s.model.trim()) errors.model ??= T.modelRequired;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

export interface SettingsFormProps {
  settings: ReadingSettings;
  /** Shown without inputs (an agency on the platform default). */
  readOnly?: boolean;
  saving?: boolean;
  onSave?: (body: ReadingSettingsWrite) => void;
  /** 测试连接: answers the result, or null when the request failed (its error already shown). */
  onTest?: (body: ReadingSettingsWrite) => Promise<ReadingConnectionTest | null>;
  testing?: boolean;
}

export function SettingsForm({ settings, readOnly, saving, onSave, onTest, testing }: SettingsFormProps) {
  const [s, setS] = useState<FormState>(() => stateOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tested, setTested] = useState<ReadingConnectionTest | null>(null);
  const set = (patch: Partial<FormState>) => {
    setTested(null);
    setS((old) => ({ ...old, ...patch }));
  };
  const item = (name: string) => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name],
  });
  const usesModel = s.provider === 'openai';

  function submit() {
    const checked = checkSettings(s);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onSave?.(checked.body);
  }

  async function test() {
    const checked = checkSettings(s);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setTested(null);
    setTested((await onTest?.(checked.body)) ?? null);
  }

  return (
    <Form layout="vertical" disabled={readOnly} onFinish={submit} style={{ maxWidth: 640 }}>
      <Form.Item label={T.provider} {...item('provider')}>
        <Radio.Group
          aria-label={T.provider}
          value={s.provider}
          onChange={(e) => set({ provider: e.target.value as FormState['provider'] })}
        >
          <Space orientation="vertical">
            {READING_PROVIDERS.map((p) => (
              <Radio key={p} value={p}>
                {T.providers[p]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={T.baseUrl} required={usesModel} {...item('baseUrl')}>
        <Input
          aria-label={T.baseUrl}
          placeholder={T.baseUrlPlaceholder}
          value={s.baseUrl}
          onChange={(e) => set({ baseUrl: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={T.model} required={usesModel} {...item('model')}>
        <Input
          aria-label={T.model}
          placeholder={T.modelPlaceholder}
          value={s.model}
          onChange={(e) => set({ model: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={
          <Space>
            {T.apiKey}
            <Tag color={settings.hasKey ? 'green' : undefined}>{settings.hasKey ? T.keySet : T.keyNotSet}</Tag>
          </Space>
        }
        {...item('apiKey')}
      >
        <Input.Password
          aria-label={T.apiKey}
          autoComplete="new-password"
          placeholder={settings.hasKey ? T.keyPlaceholderSet : T.keyPlaceholderUnset}
          value={s.key}
          disabled={readOnly || s.clearKey}
          visibilityToggle={!readOnly}
          onChange={(e) => set({ key: e.target.value })}
        />
        {settings.hasKey && !readOnly && (
          <Checkbox
            style={{ marginTop: 8 }}
            checked={s.clearKey}
            onChange={(e) => set({ clearKey: e.target.checked, key: '' })}
          >
            {T.clearKey}
          </Checkbox>
        )}
      </Form.Item>
      <Space wrap size={16} align="start">
        <Form.Item label={T.timeout} {...item('timeoutSeconds')}>
          <InputNumber
            aria-label={T.timeout}
            min={5}
            max={120}
            precision={0}
            value={s.timeoutSeconds}
            onChange={(v) => set({ timeoutSeconds: v })}
          />
        </Form.Item>
        <Form.Item label={T.inputPrice} {...item('inputPricePer1k')}>
          <InputNumber
            aria-label={T.inputPrice}
            min={0}
            max={1000}
            step={0.001}
            value={s.inputPricePer1k}
            onChange={(v) => set({ inputPricePer1k: v })}
          />
        </Form.Item>
        <Form.Item label={T.outputPrice} {...item('outputPricePer1k')}>
          <InputNumber
            aria-label={T.outputPrice}
            min={0}
            max={1000}
            step={0.001}
            value={s.outputPricePer1k}
            onChange={(v) => set({ outputPricePer1k: v })}
          />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">
        {T.lastUpdate}：{settings.lastUpdate ? dayjs(settings.lastUpdate).format('YYYY-MM-DD HH:mm') : T.never}
      </Typography.Paragraph>
      {tested && (
        <Alert
          style={{ marginBottom: 16 }}
          type={tested.ok ? 'success' : 'error'}
          showIcon
          title={tested.message}
          description={tested.latencyMs > 0 ? T.latency(tested.latencyMs) : undefined}
        />
      )}
      {!readOnly && (
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {T.save}
          </Button>
          {onTest && usesModel && (
            <Button htmlType="button" loading={testing} title={T.testHint} onClick={() => void test()}>
              {T.test}
            </Button>
          )}
        </Space>
      )}
    </Form>
  );
}
