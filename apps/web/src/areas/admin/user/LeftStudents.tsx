// Leaving on admin/user/student/list (docs/users.md "Leaving and retention"): marking a student as left after a
// confirmation that states the retention, and the list of leavers whose records are kept, each of whom may rejoin.
import { useState } from 'react';
import { App as AntApp, Button, Input, Modal, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { LeftStudent } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { totalNumber } from '../../../api/page-total';
import { useAppConfig, useCall } from '../../../app/session-context';
import { LEAVING_TEXTS as T } from './leaving-texts';

const PAGE_SIZE = 20;
const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

function useRetention() {
  const call = useCall();
  return useQuery({ queryKey: ['leaving-policy'], queryFn: () => call(API.leavingPolicy), staleTime: Infinity });
}

/** The "离开" action of a student row: a confirmation stating what happens and the retention, then the call. */
export function LeaveStudentButton({ student }: { student: { id: string; name: string } }) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const policy = useRetention();
  const leave = useApiMutation({
    mutationFn: (id: string) => call(API.userStudentLeave, { params: { id } }),
    success: T.leftDone,
    invalidates: [['users', 'student'], ['left-students']],
  });
  return (
    <Button
      type="link"
      size="small"
      danger
      disabled={!policy.data}
      onClick={() =>
        void modal.confirm({
          title: T.leaveTitle(student.name),
          content: T.leaveBody(policy.data?.retentionDays ?? 0),
          okText: T.confirm,
          cancelText: T.cancel,
          okButtonProps: { danger: true },
          onOk: () => leave.run(student.id),
        })
      }
    >
      {T.leave}
    </Button>
  );
}

/** The "已离开的学生" button and its dialog. */
export function LeftStudentsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{T.listButton}</Button>
      <Modal open={open} title={T.listTitle} footer={null} width={880} onCancel={() => setOpen(false)} destroyOnHidden>
        <LeftStudentsList />
      </Modal>
    </>
  );
}

function LeftStudentsList() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const { modal } = AntApp.useApp();
  const policy = useRetention();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['left-students', agencyId, page, keyword],
    queryFn: () =>
      call(API.userStudentLeftList, {
        query: { start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE, keyword: keyword || undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const rejoin = useApiMutation({
    mutationFn: (id: string) => call(API.userStudentRejoin, { params: { id } }),
    success: T.rejoined,
    invalidates: [['users', 'student'], ['left-students']],
  });
  const columns: TableColumnsType<LeftStudent> = [
    { title: T.columns.name, dataIndex: 'name', width: 110 },
    {
      title: T.columns.username,
      dataIndex: 'username',
      width: 140,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: T.columns.grade, dataIndex: 'gradeName', width: 70, render: (g: string | null) => g ?? T.none },
    { title: T.columns.leftAt, dataIndex: 'leftAt', width: 140, render: day },
    { title: T.columns.purgeAt, dataIndex: 'purgeAt', width: 140, render: day },
    { title: T.columns.trainings, dataIndex: 'trainings', width: 80 },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 70,
      render: (_, s) => (
        <Button
          type="link"
          size="small"
          onClick={() =>
            void modal.confirm({
              title: T.rejoinTitle(s.name),
              content: T.rejoinBody,
              okText: T.rejoin,
              cancelText: T.cancel,
              onOk: () => rejoin.run(s.id),
            })
          }
        >
          {T.rejoin}
        </Button>
      ),
    },
  ];
  const total = query.data?.total ?? 0;
  return (
    <>
      {policy.data && (
        <Typography.Paragraph type="secondary">{T.intro(policy.data.retentionDays)}</Typography.Paragraph>
      )}
      <Input.Search
        allowClear
        placeholder={T.search}
        style={{ width: 240, maxWidth: '100%', marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      {query.isError && <Typography.Paragraph type="danger">{errorText(query.error)}</Typography.Paragraph>}
      <Table<LeftStudent>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: T.empty }}
        scroll={{ x: 750 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: totalNumber(total),
          showTotal: () => T.total(total),
          onChange: setPage,
        }}
      />
    </>
  );
}
