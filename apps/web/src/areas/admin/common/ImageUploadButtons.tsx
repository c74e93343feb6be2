// An image field's buttons: upload (or replace) through PUT /v1/files (app/image-upload.ts), and remove.
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_TYPES } from '@edu/contract';
import { useImageUpload } from '../../../app/image-upload';

export function ImageUploadButtons({
  value,
  onChange,
  texts,
}: {
  /** The stored file's id, or none yet. */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** `uploaded`: the toast after an upload (none when omitted). */
  texts: { upload: string; replace: string; remove: string; uploaded?: string };
}) {
  const { upload, isPending } = useImageUpload({ success: texts.uploaded, onUploaded: (f) => onChange?.(f.id) });
  return (
    <>
      <Upload
        accept={FILE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={isPending}>
          {value ? texts.replace : texts.upload}
        </Button>
      </Upload>
      {value && <Button onClick={() => onChange?.(null)}>{texts.remove}</Button>}
    </>
  );
}
