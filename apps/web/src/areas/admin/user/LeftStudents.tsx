// Leaving on admin/user/student/list (docs/users.md "Leaving and retention"): marking a student as left after a
// confirmation that states the retention, and the list of leavers whose records are kept, each of whom may rejoin.
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { LeftStudent } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';
import { usernameColumn } from '../common/columns';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
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
  const policy = useRetention();
  const leave = useConfirmedMutation(
    {
      mutationFn: (id: string) => call(API.userStudentLeave, { params: { id } }),
      success: T.leftDone,
      invalidates: [['users', 'student'], ['left-students']],
    },
    () => ({
      title: T.leaveTitle(student.name),
      content: T.leaveBody(policy.data?.retentionDays ?? 0),
      okText: T.confirm,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  return (
    <Button type="link" size="small" danger disabled={!policy.data} onClick={() => leave.ask(student.id)}>
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
  const policy = useRetention();
  const paging = usePaging(PAGE_SIZE);
  const { page } = paging;
  const [keyword, setKeyword] = useState('');
  const query = useQuery({
    queryKey: ['left-students', agencyId, page, keyword],
    queryFn: () =>
      call(API.userStudentLeftList, {
        query: { start: (page - 1) * PAGE_SIZE, size: PAGE_SIZE, keyword: keyword || undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const rejoin = useConfirmedMutation(
    {
      mutationFn: (s: LeftStudent) => call(API.userStudentRejoin, { params: { id: s.id } }),
      success: T.rejoined,
      invalidates: [['users', 'student'], ['left-students']],
    },
    (s) => ({ title: T.rejoinTitle(s.name), content: T.rejoinBody, okText: T.rejoin, cancelText: T.cancel }),
  );
  const columns: TableColumnsType<LeftStudent> = [
    { title: T.columns.name, dataIndex: 'name', width: 110 },
    usernameColumn(T.columns.username, 140),
    { title: T.columns.grade, dataIndex: 'gradeName', width: 70, render: (g: string | null) => g ?? T.none },
    { title: T.columns.leftAt, dataIndex: 'leftAt', width: 140, render: day },
    { title: T.columns.purgeAt, dataIndex: 'purgeAt', width: 140, render: day },
    { title: T.columns.trainings, dataIndex: 'trainings', width: 80 },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 70,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => rejoin.ask(s)}>
          {T.rejoin}
        </Button>
      ),
    },
  ];
  return (
    <>
      {policy.data && (
        <Typography.Paragraph type="secondary">{T.intro(policy.data.retentionDays)}</Typography.Paragraph>
      )}
      <SearchInput
        placeholder={T.search}
        style={{ width: 240, maxWidth: '100%', marginBottom: 12 }}
        onSearch={paging.filtered(setKeyword)}
      />
      <PagedTable<LeftStudent>
        rowKey="id"
        size="small"
        columns={columns}
        query={query}
        paging={paging}
        texts={T}
        pagination={{ showSizeChanger: false }}
        scroll={{ x: 750 }}
      />
    </>
  );
}
