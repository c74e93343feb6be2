// In-app notices (docs/notices.md): what a user is told about a new task, a deadline tomorrow, a marked answer, a
// parent's link, a lesson scheduled, moved or cancelled or an agency's invitation, and the unread count behind the
// header's bell.
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';

export const NOTICE_KINDS = [
  'task_assigned',
  'task_due_tomorrow',
  'homework_marked',
  'parent_paired',
  'lesson_scheduled',
  'lesson_moved',
  'lesson_cancelled',
  'task_deadline_moved',
  'agency_invitation',
] as const;
export const NoticeKind = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKind>;

export const Notice = z.object({
  id: Id,
  kind: NoticeKind,
  /** The agency the notice is about; null for one outside any agency (a parent's link). */
  agencyId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** The web route the notice opens (a path of the web app, e.g. `/student/tasks/todo`). */
  link: z.string(),
  createdAt: EpochMs,
  readAt: EpochMs.nullable(),
});
export type Notice = z.infer<typeof Notice>;

/** Newest first; `unread=1` lists only the unread ones. At most 50 a page. */
export const NoticeListQuery = PageQuery.extend({
  size: z.coerce.number().int().min(1).max(50).default(20),
  unread: z.enum(['0', '1']).default('0'),
});
export type NoticeListQuery = z.infer<typeof NoticeListQuery>;

export const NoticePage = pageOf(Notice);
export type NoticePage = z.infer<typeof NoticePage>;

export const NoticeUnread = z.object({ unread: z.number().int().min(0) });
export type NoticeUnread = z.infer<typeof NoticeUnread>;

export const NoticeReadAll = z.object({ updated: z.number().int().min(0) });
export type NoticeReadAll = z.infer<typeof NoticeReadAll>;
