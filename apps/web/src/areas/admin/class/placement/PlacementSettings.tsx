// The agency's placement tests by grade (docs/lessons.md "Placement test"): the paper, its bands and recommended
// classes; the agency admin adds, edits and removes them, other staff read.
import { useState } from 'react';
import { Alert, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PlacementSetting } from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { useCall } from '../../../../app/session-context';
import { timeColumn } from '../../common/columns';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { PlacementFormModal } from './PlacementFormModal';
import { PLACEMENT_KEY, usePlacementSettings } from './queries';
import { PLACEMENT_ADMIN_TEXTS } from './texts';

const T = PLACEMENT_ADMIN_TEXTS.settings;

export function PlacementSettings() {
  const call = useCall();
  const settings = usePlacementSettings();
  const [editing, setEditing] = useState<PlacementSetting | null | undefined>(undefined);
  const editable = settings.data?.editable ?? false;
  const remove = useConfirmedMutation(
    {
      mutationFn: (s: PlacementSetting) => call(API.placementRemove, { params: { id: s.gradeId } }),
      success: T.removed,
      invalidates: [[PLACEMENT_KEY]],
    },
    (s) => ({
      title: T.removeTitle(s.gradeName),
      content: T.removeBody,
      okText: T.remove,
      cancelText: T.cancel,
      danger: true,
    }),
  );

  const columns: TableColumnsType<PlacementSetting> = [
    { title: T.columns.grade, dataIndex: 'gradeName', width: 90 },
    {
      title: T.columns.paper,
      key: 'paper',
      width: 220,
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Space size={4} wrap>
            <Typography.Text strong>{s.schemeTitle}</Typography.Text>
            {!s.schemeOn && (
              <Tag color="orange" title={T.off}>
                {T.offTag}
              </Tag>
            )}
          </Space>
          <Typography.Text type="secondary">{T.questions(s.questionCount)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: T.columns.bands,
      key: 'bands',
      width: 280,
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          {s.bands.map((b) => (
            <Typography.Text key={b.name}>
              {T.band(b.name, b.minPercent)}
              {b.recommendedClass && ` → ${b.recommendedClass.name}${b.recommendedClass.archived ? T.archived : ''}`}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    timeColumn(T.columns.lastUpdate, 'lastUpdate', 150),
    ...(editable
      ? [
          {
            title: T.columns.actions,
            key: 'actions',
            width: 140,
            render: (_: unknown, s: PlacementSetting) => (
              <Space size={8}>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing(s)}>
                  {T.edit}
                </Button>
                <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => remove.ask(s)}>
                  {T.remove}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{T.intro}</Typography.Text>
      <Space wrap>
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {T.add}
          </Button>
        )}
        {settings.data && !editable && <Typography.Text type="secondary">{T.readOnly}</Typography.Text>}
      </Space>
      {settings.isError && <Alert type="error" showIcon title={errorText(settings.error)} />}
      <Table<PlacementSetting>
        rowKey="gradeId"
        columns={columns}
        dataSource={settings.data?.list ?? []}
        loading={settings.isFetching}
        locale={{ emptyText: T.empty }}
        pagination={false}
        scroll={{ x: 800 }}
      />
      <PlacementFormModal
        open={editing !== undefined}
        editing={editing ?? null}
        taken={(settings.data?.list ?? []).map((s) => s.gradeId)}
        onClose={() => setEditing(undefined)}
      />
    </Space>
  );
}
