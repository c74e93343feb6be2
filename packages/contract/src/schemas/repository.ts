// What the two kinds of repositories share: question repositories (question-bank.ts) and train repositories
// (scheme.ts) have the same fields on the wire and the same writable fields; only the name of what they hold
// differs (its count's field, the word in messages).
import { z } from 'zod';
import { EpochMs, Id } from './common.js';

/** A platform admin's withdrawal of a shared repository from the store. */
export const RepoWithdrawal = z.object({ reason: z.string(), time: EpochMs });
export type RepoWithdrawal = z.infer<typeof RepoWithdrawal>;

/** A repository on the wire; `count` is the kind's item count field (e.g. `{ questionCount: … }`). */
export const repoSchema = <C extends z.ZodRawShape>(count: C) =>
  z.object({
    id: Id,
    agencyId: z.string(),
    agencyName: z.string(),
    name: z.string(),
    description: z.string(),
    /** Published to the store: other agencies may use it by reference, read-only. */
    shared: z.boolean(),
    /** True when the repository belongs to the agency in context (else it is used by reference). */
    owned: z.boolean(),
    /** In the store: whether the agency in context already uses it by reference. */
    subscribed: z.boolean().optional(),
    /** The subject and grade the store searches by (dictionary ids, docs/store.md "Listing"). */
    subjectId: z.string().nullable().optional(),
    gradeId: z.string().nullable().optional(),
    /** To its owner only: a platform admin withdrew it from the store, and why (docs/store.md "Withdrawal"). */
    withdrawal: RepoWithdrawal.nullable().optional(),
    ...count,
    createTime: EpochMs,
    lastUpdate: EpochMs,
  });

/** What staff write (create and update); `what` names the kind in the messages (题库, 方案库). */
export const repoFields = (what: string) =>
  z.object({
    name: z.string().trim().min(1, `请输入${what}名称`).max(64, `${what}名称不超过 64 个字符`),
    description: z.string().max(2000, `${what}说明不超过 2000 个字符`).default(''),
    shared: z.boolean().default(false),
    /** Dictionary ids (`GET /v1/general/data/subjects`, `…/grades`); left out on update = unchanged. */
    subjectId: z.string().trim().min(1).max(64).nullable().optional(),
    gradeId: z.string().trim().min(1).max(64).nullable().optional(),
  });
