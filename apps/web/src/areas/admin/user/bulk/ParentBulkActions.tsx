// The bulk actions of the parent list (docs/parents.md "Bulk actions"): reset passwords (every selected parent must
// be one the agency may reset, the single reset's rule) and export the selection; the reset asks first, and changes
// every selected parent or none.
import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import type { AgencyParent, BulkPassword } from '@edu/contract';
import { API } from '../../../../api/routes';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { useConfirmedMutation } from '../../common/useConfirmedMutation';
import { BulkBar } from './BulkBar';
import { BulkPasswordsModal } from './BulkPasswordsModal';
import type { Selection } from './useSelection';
import { BULK_TEXTS as T } from './texts';

export function ParentBulkActions({
  selection,
  listKey,
}: {
  selection: Selection<AgencyParent>;
  /** The parent list's query key, read again after a reset. */
  listKey: QueryKey;
}) {
  const call = useCall();
  const [passwords, setPasswords] = useState<BulkPassword[] | null>(null);
  const { keys, rows, clear } = selection;
  const body = (userIds: string[]) => ({ body: { request: { userIds } } });

  const reset = useConfirmedMutation(
    {
      mutationFn: (ids: string[]) => call(API.agencyParentBulkPasswords, body(ids)),
      invalidates: [listKey],
      onSuccess: (d) => {
        clear();
        setPasswords(d.list);
      },
    },
    (ids) => ({
      title: T.resetTitle(ids.length),
      content: T.parentResetBody,
      okText: T.confirm,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  const exporting = useApiMutation({
    mutationFn: (ids: string[]) => call(API.agencyParentBulkExport, body(ids)),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.exportName('家长')),
  });

  const notResettable = rows.filter((p) => !p.canResetPassword).length;
  return (
    <>
      <BulkBar count={keys.length} onClear={clear}>
        <Tooltip title={notResettable > 0 ? T.parentNotResettable(notResettable) : undefined}>
          <Button size="small" disabled={notResettable > 0} onClick={() => reset.ask(keys)}>
            {T.resetPasswords}
          </Button>
        </Tooltip>
        <Button size="small" loading={exporting.isPending} onClick={() => void exporting.run(keys)}>
          {T.export}
        </Button>
      </BulkBar>
      <BulkPasswordsModal list={passwords} onClose={() => setPasswords(null)} />
    </>
  );
}
