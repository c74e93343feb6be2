// The bulk actions of a class's members list (docs/users.md "Bulk actions"): remove the selected students from the
// class after a confirmation, and export them (the student list's export).
import { Button } from 'antd';
import type { ClassMember } from '@edu/contract';
import { API } from '../../../../api/routes';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { BulkBar } from './BulkBar';
import type { Selection } from './useSelection';
import { BULK_TEXTS as T } from './texts';

export function ClassMemberBulkActions({ classId, selection }: { classId: string; selection: Selection<ClassMember> }) {
  const call = useCall();
  const { keys, clear } = selection;
  const remove = useConfirmedMutation(
    {
      mutationFn: (userIds: string[]) =>
        call(API.classRemoveMembers, { params: { id: classId }, body: { request: { userIds } } }),
      success: (d) => T.removed(d.changed),
      invalidates: [['classes']],
      onSuccess: clear,
    },
    (ids) => ({
      title: T.removeTitle(ids.length),
      content: T.removeBody,
      okText: T.confirm,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  const exporting = useApiMutation({
    mutationFn: (userIds: string[]) => call(API.userStudentBulkExport, { body: { request: { userIds } } }),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.exportName('学生')),
  });
  return (
    <BulkBar count={keys.length} onClear={clear}>
      <Button size="small" danger onClick={() => remove.ask(keys)}>
        {T.removeFromClass}
      </Button>
      <Button size="small" loading={exporting.isPending} onClick={() => void exporting.run(keys)}>
        {T.export}
      </Button>
    </BulkBar>
  );
}
