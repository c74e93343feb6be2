// Deleting an item asks first and says where it is used (GET …/usage): the schemes that select its point and
// how many students have a mastery record for it.
import { Alert, Modal, Space, Spin, Typography } from 'antd';
import type { GraphItem } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useGraphItemUsage } from '../../../components/knowledge-graph/queries';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.editor;

export function RemoveItemModal({
  item,
  busy,
  onOk,
  onClose,
}: {
  item: GraphItem | null;
  busy: boolean;
  onOk: (item: GraphItem) => void;
  onClose: () => void;
}) {
  const usage = useGraphItemUsage(item?.id ?? null);
  const u = usage.data;
  return (
    <Modal
      open={item !== null}
      title={item ? T.removeItemTitle(item.knowledgeName) : ''}
      okText={GRAPH_TEXTS.groups.remove}
      okButtonProps={{ danger: true }}
      cancelText={GRAPH_TEXTS.cancel}
      confirmLoading={busy}
      onOk={() => item && onOk(item)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} className="graph-item-usage">
        <Typography.Paragraph style={{ margin: 0 }}>{T.removeItemBody}</Typography.Paragraph>
        {usage.isError ? (
          <Alert type="warning" title={T.usageFailed} description={errorText(usage.error)} />
        ) : !u ? (
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">{T.usageLoading}</Typography.Text>
          </Space>
        ) : (
          <>
            <Typography.Text>
              {u.schemes.length === 0 ? T.usageNoSchemes : T.usageSchemes(u.schemes.map((s) => s.name).join('、'))}
            </Typography.Text>
            {u.studentsWithMastery > 0 && <Typography.Text>{T.usageStudents(u.studentsWithMastery)}</Typography.Text>}
          </>
        )}
      </Space>
    </Modal>
  );
}
