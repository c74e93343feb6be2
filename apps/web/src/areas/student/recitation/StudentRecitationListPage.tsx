// /student/recitation (docs/recitation.md "Practice"): the agency's recitation texts a student can practise.
import { useState } from 'react';
import { Alert, Card, Empty, Input, List, Pagination, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../../api/client';
import { studentPracticePath } from '../../../components/recitation/paths';
import { useRecitations } from '../../../components/recitation/queries';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.practice;
const SIZE = 20;

export default function StudentRecitationListPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useRecitations({ keyword, start: (page - 1) * SIZE, size: SIZE });
  return (
    <Card title={T.listTitle}>
      <Input.Search
        allowClear
        placeholder={RECITATION_TEXTS.list.search}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
      <List
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description={T.empty} /> }}
        renderItem={(r) => (
          <List.Item
            key={r.id}
            actions={[
              <Link key="go" to={studentPracticePath(r.id)}>
                {T.start}
              </Link>,
            ]}
          >
            <Space orientation="vertical" size={0}>
              <Link to={studentPracticePath(r.id)}>
                <Typography.Text strong>{r.title}</Typography.Text>
              </Link>
              <Typography.Text type="secondary">{T.sentences(r.sentenceCount)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {Number(list.data?.total ?? 0) > SIZE && (
        <Pagination
          style={{ marginTop: 12 }}
          current={page}
          pageSize={SIZE}
          total={Number(list.data?.total ?? 0)}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
