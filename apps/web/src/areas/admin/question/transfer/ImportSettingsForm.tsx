// Step 1 of the import: the file (within the server's limits, stated under the box), its format, the target owned
// repository, default knowledge point, mode.
import { Form, Radio, Select, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MODES, TRANSFER_FORMATS, type QuestionRepo, type TransferLimits } from '@edu/contract';
import { formatFromFileName, IMPORT_ACCEPT, toMb, type ImportSettings, type SettingsErrors } from './import-settings';
import { TemplateLink } from './TemplateLink';
import { KpTreePicker } from './KpTreePicker';
import { FORMAT_LABELS, MODE_LABELS, TRANSFER_TEXTS } from './texts';

const T = TRANSFER_TEXTS.import;

export interface ImportSettingsFormProps {
  value: ImportSettings;
  onChange: (patch: Partial<ImportSettings>) => void;
  /** A picked file (null: removed); the parent checks its size and infers the format. */
  onFile: (file: File | null) => void;
  errors: SettingsErrors;
  ownedRepos: readonly QuestionRepo[];
  reposLoading?: boolean;
  disabled?: boolean;
  /** The server's limits, once known. */
  limits?: TransferLimits;
}

const status = (message: string | undefined) => (message ? 'error' : undefined);

export function ImportSettingsForm({
  value,
  onChange,
  onFile,
  errors,
  ownedRepos,
  reposLoading,
  disabled,
  limits,
}: ImportSettingsFormProps) {
  const inferred = value.file ? formatFromFileName(value.file.name) : undefined;
  return (
    <Form layout="horizontal" labelCol={{ flex: '96px' }} wrapperCol={{ flex: 'auto' }} disabled={disabled}>
      <Form.Item label={T.file} required validateStatus={status(errors.file)} help={errors.file}>
        <Upload.Dragger
          accept={IMPORT_ACCEPT}
          maxCount={1}
          multiple={false}
          fileList={
            value.file ? [{ uid: 'import-file', name: value.file.name, size: value.file.size, status: 'done' }] : []
          }
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
          onRemove={() => onFile(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{T.pick}</p>
          <p className="ant-upload-hint">{T.pickHint}</p>
          {limits && <p className="ant-upload-hint">{T.limits(toMb(limits.maxBytes), limits.maxRows)}</p>}
        </Upload.Dragger>
      </Form.Item>
      <Form.Item
        label={T.format}
        required
        validateStatus={status(errors.format)}
        help={errors.format ?? (inferred && inferred === value.format ? T.formatInferred : undefined)}
      >
        <Space wrap>
          <Radio.Group
            aria-label={T.format}
            optionType="button"
            value={value.format}
            options={TRANSFER_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }))}
            onChange={(e) => onChange({ format: e.target.value as ImportSettings['format'] })}
          />
          <TemplateLink disabled={disabled} />
        </Space>
      </Form.Item>
      <Form.Item
        label={T.repo}
        required
        validateStatus={status(errors.repoId)}
        help={errors.repoId ?? (!reposLoading && ownedRepos.length === 0 ? T.noOwnedRepo : undefined)}
      >
        <Select
          aria-label={T.repo}
          placeholder={T.repoPlaceholder}
          loading={reposLoading}
          value={value.repoId}
          options={ownedRepos.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(repoId: string) => onChange({ repoId })}
        />
      </Form.Item>
      <Form.Item label={T.kp}>
        <KpTreePicker
          label={T.kp}
          placeholder={T.kpPlaceholder}
          value={value.knowledgeId}
          onChange={(knowledgeId) => onChange({ knowledgeId })}
        />
      </Form.Item>
      <Form.Item label={T.mode} required style={{ marginBottom: 0 }}>
        <Radio.Group
          aria-label={T.mode}
          value={value.mode}
          onChange={(e) => onChange({ mode: e.target.value as ImportSettings['mode'] })}
        >
          <Space orientation="vertical" size={4}>
            {IMPORT_MODES.map((m) => (
              <Radio key={m} value={m}>
                {MODE_LABELS[m]}
                <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                  {T.modeHelp[m]}
                </Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
    </Form>
  );
}
