// 加入班级 for the selected students or teachers: pick one of the agency's classes in use (searched by name), then
// every selected person is added in one call (docs/classes.md; at most CLASS_BATCH_MAX at once).
import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { BULK_TEXTS as T } from './texts';

export function AddToClassModal({
  role,
  userIds,
  open,
  onClose,
  onDone,
}: {
  role: 'student' | 'teacher';
  userIds: string[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const [keyword, setKeyword] = useState('');
  const [classId, setClassId] = useState<string | undefined>(undefined);
  const classes = useQuery({
    queryKey: ['classes', 'list', agencyId, { pick: true, keyword }],
    queryFn: () =>
      call(API.classList, { query: { keyword: keyword || undefined, archived: false, start: 0, size: 50 } }),
    enabled: open,
  });
  const add = useApiMutation({
    mutationFn: (id: string) =>
      call(role === 'student' ? API.classAddMembers : API.classAddTeachers, {
        params: { id },
        body: { request: { userIds } },
      }),
    success: (r) => T.added(r.changed),
    invalidates: [['classes']],
    onSuccess: () => {
      setClassId(undefined);
      onDone();
    },
  });
  return (
    <Modal
      open={open}
      title={T.classTitle(userIds.length)}
      okText={T.add}
      cancelText={T.cancel}
      okButtonProps={{ disabled: classId === undefined }}
      confirmLoading={add.isPending}
      onOk={() => classId && void add.run(classId)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={T.classLabel} required>
          <Select<string>
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            aria-label={T.classLabel}
            placeholder={T.classPlaceholder}
            value={classId}
            onChange={setClassId}
            loading={classes.isFetching}
            options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
