// The new passwords of a bulk reset, shown once with a download (docs/users.md "Bulk actions"); closing before the
// download asks first.
import { useState } from 'react';
import { Alert, App as AntApp, Button, Modal, Space, Table, Typography } from 'antd';
import type { BulkPassword } from '@edu/contract';
import { saveFile } from '../../../../api/download';
import { passwordsCsv } from './password-sheet';
import { BULK_TEXTS as T } from './texts';

export function BulkPasswordsModal({ list, onClose }: { list: BulkPassword[] | null; onClose: () => void }) {
  const { modal } = AntApp.useApp();
  const [downloaded, setDownloaded] = useState(false);
  const close = () => {
    setDownloaded(false);
    onClose();
  };
  const askClose = () => {
    if (downloaded) return close();
    void modal.confirm({
      title: T.closeTitle,
      content: T.closeBody,
      okText: T.confirm,
      cancelText: T.cancel,
      okButtonProps: { danger: true },
      onOk: close,
    });
  };
  const download = () => {
    const headers = [T.columns.name, T.columns.username, T.columns.password];
    saveFile(new Blob([passwordsCsv(list ?? [], headers)], { type: 'text/csv;charset=utf-8' }), T.passwordsFile);
    setDownloaded(true);
  };
  return (
    <Modal
      open={list !== null}
      title={T.passwordsTitle}
      onCancel={askClose}
      maskClosable={false}
      width={640}
      footer={
        <Space>
          <Button onClick={download}>{T.download}</Button>
          <Button type="primary" onClick={askClose}>
            {T.close}
          </Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={T.passwordsHint} style={{ marginBottom: 16 }} />
      {list && (
        <Table<BulkPassword>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 360, x: 480 }}
          dataSource={list}
          columns={[
            { title: T.columns.name, dataIndex: 'name' },
            { title: T.columns.username, dataIndex: 'username' },
            {
              title: T.columns.password,
              dataIndex: 'password',
              render: (p: string) => (
                <Typography.Text code copyable>
                  {p}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
