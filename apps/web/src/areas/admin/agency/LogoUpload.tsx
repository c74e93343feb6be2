// Logo field: uploads the image as the raw body of PUT /v1/files and keeps the file id; shows it via /v1/files/{id}.
import { Space, Typography } from 'antd';
import { ImageUploadButtons } from '../common/ImageUploadButtons';
import { AGENCY_TEXTS as T } from '../texts';

export const fileUrl = (id: string) => `/v1/files/${encodeURIComponent(id)}`;

export function LogoUpload({ value, onChange }: { value?: string | null; onChange?: (id: string | null) => void }) {
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
          <ImageUploadButtons
            value={value}
            onChange={onChange}
            texts={{ upload: T.upload, replace: T.replace, remove: T.removeLogo, uploaded: T.uploaded }}
          />
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.uploadHint}
        </Typography.Text>
      </Space>
    </Space>
  );
}
