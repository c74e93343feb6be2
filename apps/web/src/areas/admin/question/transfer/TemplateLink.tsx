// 下载 Excel 模板: fetches the empty import template through the client (it needs the agency and token) and saves it.
import { useState } from 'react';
import { App as AntApp, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useCall } from '../../../../app/session-context';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.import;

export function TemplateLink({ disabled }: { disabled?: boolean }) {
  const call = useCall();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await call(API.questionImportTemplate);
      saveFile(file.blob, file.filename ?? TRANSFER_TEXTS.export.fallbackName('xlsx'));
      void message.success(T.templateSaved);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="link" icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void download()}>
      {T.template}
    </Button>
  );
}
