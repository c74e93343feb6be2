// /admin/settings/ai (an agency admin: the platform default or the agency's own provider) and /admin/platform/ai
// (edu:admin: the platform default), each with the recent calls (docs/web.md "AI reading", docs/routes.md).
import { useState } from 'react';
import { Alert, Card, Popconfirm, Radio, Space, Typography } from 'antd';
import type { ReadingAgencySettings, ReadingSettings } from '@edu/contract';
import { errorText } from '../../../api/client';
import {
  useReadingSettings,
  useResetAgencySettings,
  useSaveReadingSettings,
  useTestReadingConnection,
  type SettingsScope,
} from '../question/reading/queries';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { CallTable } from './CallTable';
import { SettingsForm } from './SettingsForm';
import { AI_SETTINGS_TEXTS as T } from './texts';

/** The agency's choice: the platform default (read-only here) or its own settings, which DELETE gives up. */
function AgencySettings({ settings }: { settings: ReadingAgencySettings }) {
  // Choosing 本机构单独设置 opens the form prefilled with the default; nothing is stored before 保存.
  const [own, setOwn] = useState(!settings.inherited);
  const save = useSaveReadingSettings('agency');
  const test = useTestReadingConnection('agency');
  const reset = useResetAgencySettings(() => setOwn(false));
  const inherit = (
    <Radio value="inherit" disabled={reset.isPending}>
      {T.inherit}
    </Radio>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <div>
        <div style={{ marginBottom: 4 }}>{T.source}</div>
        <Radio.Group
          aria-label={T.source}
          value={own ? 'own' : 'inherit'}
          onChange={(e) => {
            if (e.target.value === 'own') setOwn(true);
            else if (settings.inherited) setOwn(false);
          }}
        >
          {settings.inherited || !own ? (
            inherit
          ) : (
            <Popconfirm
              title={T.resetTitle}
              description={T.resetBody}
              okText={T.resetOk}
              cancelText={T.cancel}
              onConfirm={() => reset.run()}
            >
              {inherit}
            </Popconfirm>
          )}
          <Radio value="own">{T.own}</Radio>
        </Radio.Group>
      </div>
      {!own && <Alert type="info" showIcon title={T.inheritedNote} />}
      <SettingsForm
        key={`${settings.inherited}/${settings.lastUpdate}/${own}`}
        settings={own && settings.inherited ? { ...settings, hasKey: false } : settings}
        readOnly={!own}
        saving={save.isPending}
        onSave={(body) => save.mutate(body)}
        testing={test.isPending}
        onTest={(body) => test.mutateAsync(body).catch(() => null)}
      />
    </Space>
  );
}

function PlatformSettings({ settings }: { settings: ReadingSettings }) {
  const save = useSaveReadingSettings('platform');
  const test = useTestReadingConnection('platform');
  return (
    <SettingsForm
      key={settings.lastUpdate}
      settings={settings}
      saving={save.isPending}
      onSave={(body) => save.mutate(body)}
      testing={test.isPending}
      onTest={(body) => test.mutateAsync(body).catch(() => null)}
    />
  );
}

export function AiSettingsPage({ scope }: { scope: SettingsScope }) {
  const settings = useReadingSettings(scope);
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(settings.error)} />;
  const s = settings.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card title={scope === 'platform' ? T.platformTitle : T.agencyTitle}>
        <Typography.Paragraph type="secondary">
          {scope === 'platform' ? T.platformIntro : T.agencyIntro}
        </Typography.Paragraph>
        {scope === 'agency' && 'inherited' in s ? (
          <AgencySettings settings={s as ReadingAgencySettings} />
        ) : (
          <PlatformSettings settings={s} />
        )}
      </Card>
      <Card title={T.calls.title}>
        <CallTable scope={scope} />
      </Card>
    </Space>
  );
}

export const AgencyAiSettingsPage = () => <AiSettingsPage scope="agency" />;
export const PlatformAiSettingsPage = () => <AiSettingsPage scope="platform" />;
