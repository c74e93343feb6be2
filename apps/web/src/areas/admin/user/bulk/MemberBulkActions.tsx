// The bulk actions of the student and teacher lists (docs/users.md "Bulk actions"): add to a class, disable,
// enable, reset passwords (agency admin), mark students as left, export; each write asks first, and each call
// changes every selected row or none.
import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { agencyRole, type AgencyUser, type BulkPassword } from '@edu/contract';
import { API } from '../../../../api/routes';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../../../app/session-context';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { KIND_LABEL, type MemberKind } from '../texts';
import { AddToClassModal } from './AddToClassModal';
import { BulkBar } from './BulkBar';
import { BulkPasswordsModal } from './BulkPasswordsModal';
import type { Selection } from './useSelection';
import { BULK_TEXTS as T } from './texts';

const ROUTES = {
  student: {
    disable: API.userStudentBulkDisable,
    enable: API.userStudentBulkEnable,
    passwords: API.userStudentBulkPasswords,
    export: API.userStudentBulkExport,
  },
  teacher: {
    disable: API.userTeacherBulkDisable,
    enable: API.userTeacherBulkEnable,
    passwords: API.userTeacherBulkPasswords,
    export: API.userTeacherBulkExport,
  },
} as const;

export function MemberBulkActions({ kind, selection }: { kind: MemberKind; selection: Selection<AgencyUser> }) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  const isAdmin = !!user?.roles.includes(agencyRole('admin', agencyId));
  const [adding, setAdding] = useState(false);
  const [passwords, setPasswords] = useState<BulkPassword[] | null>(null);
  const r = ROUTES[kind];
  const { keys, rows, clear } = selection;
  const n = keys.length;
  const body = (userIds: string[]) => ({ body: { request: { userIds } } });
  const confirmTexts = (title: string, content?: string, danger = true) => ({
    title,
    content,
    okText: T.confirm,
    cancelText: T.cancel,
    danger,
  });

  const disable = useConfirmedMutation(
    {
      mutationFn: (ids: string[]) => call(r.disable, body(ids)),
      success: (d) => T.disabled(d.changed),
      invalidates: [['users', kind]],
      onSuccess: clear,
    },
    (ids) => confirmTexts(T.disableTitle(ids.length), T.disableBody),
  );
  const enable = useConfirmedMutation(
    {
      mutationFn: (ids: string[]) => call(r.enable, body(ids)),
      success: (d) => T.enabled(d.changed),
      invalidates: [['users', kind]],
      onSuccess: clear,
    },
    (ids) => confirmTexts(T.enableTitle(ids.length), undefined, false),
  );
  const reset = useConfirmedMutation(
    {
      mutationFn: (ids: string[]) => call(r.passwords, body(ids)),
      invalidates: [['users', kind]],
      onSuccess: (d) => {
        clear();
        setPasswords(d.list);
      },
    },
    (ids) => confirmTexts(T.resetTitle(ids.length), T.resetBody),
  );
  const leave = useConfirmedMutation(
    {
      mutationFn: (ids: string[]) => call(API.userStudentBulkLeave, body(ids)),
      success: (d) => T.left(d.changed),
      invalidates: [['users', kind], ['left-students']],
      onSuccess: clear,
    },
    (ids) => confirmTexts(T.leaveTitle(ids.length), T.leaveBody),
  );
  const exporting = useApiMutation({
    mutationFn: (ids: string[]) => call(r.export, body(ids)),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.exportName(KIND_LABEL[kind])),
  });

  const notResettable = rows.filter((u) => !u.canResetPassword).length;
  return (
    <>
      <BulkBar count={n} onClear={clear}>
        {isAdmin && (
          <Button size="small" onClick={() => setAdding(true)}>
            {T.addToClass}
          </Button>
        )}
        <Button size="small" danger onClick={() => disable.ask(keys)}>
          {T.disable}
        </Button>
        <Button size="small" onClick={() => enable.ask(keys)}>
          {T.enable}
        </Button>
        {isAdmin && (
          <Tooltip title={notResettable > 0 ? T.notResettable(notResettable) : undefined}>
            <Button size="small" disabled={notResettable > 0} onClick={() => reset.ask(keys)}>
              {T.resetPasswords}
            </Button>
          </Tooltip>
        )}
        {kind === 'student' && (
          <Button size="small" danger onClick={() => leave.ask(keys)}>
            {T.leave}
          </Button>
        )}
        <Button size="small" loading={exporting.isPending} onClick={() => void exporting.run(keys)}>
          {T.export}
        </Button>
      </BulkBar>
      <AddToClassModal
        role={kind}
        userIds={keys}
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          clear();
        }}
      />
      <BulkPasswordsModal list={passwords} onClose={() => setPasswords(null)} />
    </>
  );
}
