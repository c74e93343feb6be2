// Question import and export calls (issue 3 item 6). Rules: docs/import-export.md.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import { ExportQuery, ImportJob, ImportQuery, ImportReport, ImportStarted } from '../schemas/transfer.js';
import { route } from './route.js';

const author = roles(ROLE_SETS.questionAdmin);

export const TRANSFER_API = {
  questionImport: route({
    method: 'PUT',
    path: '/v1/exam/questions/import',
    module: 'exam',
    summary: '导入题目（请求体为文件内容；后台校验并写入，返回任务号）',
    access: author,
    query: ImportQuery,
    rawBody: true,
    response: ImportStarted,
  }),
  questionImportPreview: route({
    method: 'POST',
    path: '/v1/exam/questions/import/preview',
    module: 'exam',
    summary: '只校验导入文件，返回校验报告（不写入）',
    access: author,
    query: ImportQuery,
    rawBody: true,
    response: ImportReport,
  }),
  questionImportTemplate: route({
    method: 'GET',
    path: '/v1/exam/questions/import/template',
    module: 'exam',
    summary: '下载 Excel 导入模板',
    access: author,
    rawResponse: true,
    response: z.any(),
  }),
  questionImportJob: route({
    method: 'GET',
    path: '/v1/exam/questions/import/:id',
    module: 'exam',
    summary: '导入任务的进度与校验报告',
    access: author,
    params: IdParams,
    response: ImportJob,
  }),
  questionExport: route({
    method: 'GET',
    path: '/v1/exam/questions/export',
    module: 'exam',
    summary: '导出题目（Moodle XML、GIFT 或 Excel 文件）',
    access: author,
    query: ExportQuery,
    rawResponse: true,
    response: z.any(),
  }),
} as const;
