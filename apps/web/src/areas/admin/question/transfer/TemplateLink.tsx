// 下载 Excel 模板: fetches the empty import template through the client (it needs the agency and token) and saves it.
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { API } from '../../../../api/routes';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.import;

export function TemplateLink({ disabled }: { disabled?: boolean }) {
  const call = useCall();
  const download = useApiMutation({
    mutationFn: () => call(API.questionImportTemplate),
    success: T.templateSaved,
    onSuccess: (file) => saveFile(file.blob, file.filename ?? TRANSFER_TEXTS.export.fallbackName('xlsx')),
  });
  return (
    <Button
      type="link"
      icon={<DownloadOutlined />}
      loading={download.isPending}
      disabled={disabled}
      onClick={() => download.mutate()}
    >
      {T.template}
    </Button>
  );
}
