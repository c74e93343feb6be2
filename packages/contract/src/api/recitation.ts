// Recitation texts (docs/recitation.md): the agency's admins and teachers write them; its students read them too.
// A text of another agency answers 404.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import { Recitation, RecitationFields, RecitationListQuery, RecitationPage } from '../schemas/recitation.js';
import { route } from './route.js';

/** Who writes recitation texts: the agency admin and the agency's teachers. */
export const RECITATION_STAFF = ROLE_SETS.recitationStaff;
/** Who reads them: the staff and the agency's students. */
export const RECITATION_READERS = ROLE_SETS.recitationReaders;
const staff = roles(RECITATION_STAFF);
const readers = roles(RECITATION_READERS);

export const RECITATION_API = {
  recitationList: route({
    method: 'GET',
    path: '/v1/recitation/list',
    module: 'recitation',
    summary: '背诵文本列表（新的在前，可按标题或正文搜索）',
    access: readers,
    query: RecitationListQuery,
    response: RecitationPage,
  }),
  recitationGet: route({
    method: 'GET',
    path: '/v1/recitation/:id',
    module: 'recitation',
    summary: '背诵文本详情（句子与句子配图）',
    access: readers,
    params: IdParams,
    response: Recitation,
  }),
  recitationCreate: route({
    method: 'PUT',
    path: '/v1/recitation',
    module: 'recitation',
    summary: '新建背诵文本（机构管理员、教师）',
    access: staff,
    body: requestOf(RecitationFields),
    response: Recitation,
  }),
  recitationUpdate: route({
    method: 'POST',
    path: '/v1/recitation/:id',
    module: 'recitation',
    summary: '修改背诵文本（未变的句子保留其编号与配图）',
    access: staff,
    params: IdParams,
    body: requestOf(RecitationFields),
    response: Recitation,
  }),
  recitationDelete: route({
    method: 'DELETE',
    path: '/v1/recitation/:id',
    module: 'recitation',
    summary: '删除背诵文本',
    access: staff,
    params: IdParams,
    response: z.null(),
  }),
};
