// /admin/recitation/list (docs/recitation.md): the agency's recitation texts with search and paging; create, edit,
// delete after a confirmation naming the text, and the text-comparison page.
import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { RecitationSummary } from '@edu/contract';
import { API } from '../../../api/routes';
import { useCall } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { ListToolbar } from '../common/ListToolbar';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { InitialAvatar } from '../../../components/InitialAvatar';
import {
  RECITATION_COMPARE_PATH,
  RECITATION_CREATE_PATH,
  recitationEditPath,
} from '../../../components/recitation/paths';
import { RECITATION_KEY, useRecitations } from '../../../components/recitation/queries';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.list;

export default function RecitationListPage() {
  const call = useCall();
  const navigate = useNavigate();
  const paging = usePaging(20);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const list = useRecitations({ keyword, start: (page - 1) * size, size });
  const remove = useConfirmedMutation(
    {
      mutationFn: (r: RecitationSummary) => call(API.recitationDelete, { params: { id: r.id } }),
      success: T.removed,
      invalidates: [[RECITATION_KEY]],
    },
    (r) => ({
      title: T.removeTitle(r.title),
      content: T.removeBody,
      okText: T.remove,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  const columns: TableColumnsType<RecitationSummary> = [
    {
      title: T.columns.title,
      dataIndex: 'title',
      render: (title: string, r) => (
        <Link to={recitationEditPath(r.id)}>
          <Typography.Text strong>{title}</Typography.Text>
        </Link>
      ),
    },
    { title: T.columns.sentences, dataIndex: 'sentenceCount', width: 70 },
    { title: T.columns.images, dataIndex: 'imageCount', width: 70 },
    {
      title: T.columns.creator,
      dataIndex: 'creatorName',
      width: 140,
      render: (name: string) => (
        <Space size={6}>
          <InitialAvatar name={name} size={24} />
          {name}
        </Space>
      ),
    },
    timeColumn<RecitationSummary>(T.columns.updatedAt, 'updatedAt', 160),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(recitationEditPath(r.id))}>
            {T.edit}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove.ask(r)}>
            {T.remove}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card title={T.title}>
      <ListToolbar
        filters={
          <SearchInput
            placeholder={T.search}
            style={{ width: 240, maxWidth: '100%' }}
            onSearch={paging.filtered(setKeyword)}
          />
        }
        actions={
          <Space wrap>
            <Button icon={<DiffOutlined />} onClick={() => navigate(RECITATION_COMPARE_PATH)}>
              {T.compare}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(RECITATION_CREATE_PATH)}>
              {T.create}
            </Button>
          </Space>
        }
      />
      <PagedTable<RecitationSummary>
        rowKey="id"
        columns={columns}
        query={list}
        paging={paging}
        texts={T}
        scroll={{ x: 640 }}
        size="middle"
      />
    </Card>
  );
}
