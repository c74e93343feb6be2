// Logo field: uploads the image as the raw body of PUT /v1/files and keeps the file id; shows it via /v1/files/{id}.
import { Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_TYPES } from '@edu/contract';
import { useImageUpload } from '../../../app/image-upload';
import { AGENCY_TEXTS as T } from '../texts';

export const fileUrl = (id: string) => `/v1/files/${encodeURIComponent(id)}`;

export function LogoUpload({ value, onChange }: { value?: string | null; onChange?: (id: string | null) => void }) {
  const { upload, isPending } = useImageUpload({ success: T.uploaded, onUploaded: (stored) => onChange?.(stored.id) });

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
            <Button icon={<UploadOutlined />} loading={isPending}>
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
