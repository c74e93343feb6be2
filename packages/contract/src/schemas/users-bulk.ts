// Bulk actions on rows selected in the agency's lists (docs/users.md "Bulk actions"): the ids of one request and
// what each action answers.
import { z } from 'zod';
import { Id } from './common.js';
import { CLASS_BATCH_MAX } from './classes.js';

/** At most this many ids in one bulk request: the same bound as adding people to a class, so a selection fits both. */
export const USER_BULK_MAX = CLASS_BATCH_MAX;

export const BulkUserIds = z.object({
  userIds: z.array(Id).min(1, '请至少选择一人').max(USER_BULK_MAX, `一次最多选择 ${USER_BULK_MAX} 人`),
});
export type BulkUserIds = z.infer<typeof BulkUserIds>;

/** How many rows the action changed (a row already in the wanted state counts too: the call is idempotent). */
export const BulkChanged = z.object({ changed: z.number().int() });
export type BulkChanged = z.infer<typeof BulkChanged>;

/** One reset account's new one-time password, shown once and never stored (docs/users.md "Passwords"). */
export const BulkPassword = z.object({ id: Id, name: z.string(), username: z.string(), password: z.string() });
export type BulkPassword = z.infer<typeof BulkPassword>;

export const BulkPasswords = z.object({ list: z.array(BulkPassword) });
export type BulkPasswords = z.infer<typeof BulkPasswords>;
