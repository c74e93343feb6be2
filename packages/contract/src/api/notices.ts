// In-app notices (docs/notices.md): any signed-in user reads and marks their own notices, in no agency (a notice
// names its agency itself). Another user's notice answers 404.
import { LOGIN } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import { Notice, NoticeListQuery, NoticePage, NoticeReadAll, NoticeUnread } from '../schemas/notices.js';
import { route } from './route.js';

export const NOTICES_API = {
  noticeList: route({
    method: 'GET',
    path: '/v1/notice/list',
    module: 'notice',
    summary: '我的站内通知（新的在前，可只看未读）',
    access: LOGIN,
    query: NoticeListQuery,
    response: NoticePage,
  }),
  noticeUnread: route({
    method: 'GET',
    path: '/v1/notice/unread',
    module: 'notice',
    summary: '我的未读通知数',
    access: LOGIN,
    response: NoticeUnread,
  }),
  noticeRead: route({
    method: 'POST',
    path: '/v1/notice/:id/read',
    module: 'notice',
    summary: '把一条通知标为已读',
    access: LOGIN,
    params: IdParams,
    response: Notice,
  }),
  noticeReadAll: route({
    method: 'POST',
    path: '/v1/notice/read-all',
    module: 'notice',
    summary: '全部标为已读',
    access: LOGIN,
    response: NoticeReadAll,
  }),
};
