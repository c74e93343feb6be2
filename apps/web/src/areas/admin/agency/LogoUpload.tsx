// Logo field: uploads the image as the raw body of PUT /v1/files and keeps the file id; shows it via /v1/files/{id}.
import { App as AntApp, Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { API, FILE_MAX_BYTES, FILE_TYPES } from '@edu/contract';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { AGENCY_TEXTS as T } from '../texts';

export const fileUrl = (id: string) => `/v1/files/${encodeURIComponent(id)}`;

export function LogoUpload({ value, onChange }: { value?: string | null; onChange?: (id: string | null) => void }) {
  const call = useCall();
  const { message } = AntApp.useApp();
  const send = useApiMutation({
    mutationFn: (file: File) => call(API.fileUpload, { raw: file }),
    success: T.uploaded,
    onSuccess: (stored) => onChange?.(stored.id),
  });

  function upload(file: File) {
    // Checked here first: the server refuses them too, but only after the whole file went up.
    if (!(FILE_TYPES as readonly string[]).includes(file.type)) return void message.error(T.uploadType);
    if (file.size > FILE_MAX_BYTES) return void message.error(T.uploadTooBig);
    send.mutate(file);
  }

  return (
    <Space align="center" size="middle">
      {value ? (
        <img
          src={fileUrl(value)}
          alt={T.fields.logo}
          style={{ width: 64, height: 64, objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }}
        />
      ) : null}
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept={FILE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={send.isPending}>
              {value ? T.replace : T.upload}
            </Button>
          </Upload>
          {value && <Button onClick={() => onChange?.(null)}>{T.removeLogo}</Button>}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.uploadHint}
        </Typography.Text>
      </Space>
    </Space>
  );
}
