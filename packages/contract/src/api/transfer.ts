// Question import and export calls (issue 3 item 6). Rules: docs/import-export.md.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import {
  ExportJob,
  ExportPartParams,
  ExportQuery,
  ExportStarted,
  ImportJob,
  ImportQuery,
  ImportStarted,
  TransferLimits,
} from '../schemas/transfer.js';
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
    summary: '只校验导入文件（后台任务，返回任务号；校验报告在任务上，不写入）',
    access: author,
    query: ImportQuery,
    rawBody: true,
    response: ImportStarted,
  }),
  questionImportLimits: route({
    method: 'GET',
    path: '/v1/exam/questions/import/limits',
    module: 'exam',
    summary: '导入导出的限制（文件大小、题目数、解压大小等）',
    access: author,
    response: TransferLimits,
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
  questionExportStart: route({
    method: 'POST',
    path: '/v1/exam/questions/export',
    module: 'exam',
    summary: '开始导出题目（后台任务，返回任务号；超出导入限制的导出拆分为多个文件）',
    access: author,
    query: ExportQuery,
    response: ExportStarted,
  }),
  questionExportJob: route({
    method: 'GET',
    path: '/v1/exam/questions/export/:id',
    module: 'exam',
    summary: '导出任务的进度与文件列表',
    access: author,
    params: IdParams,
    response: ExportJob,
  }),
  questionExportPart: route({
    method: 'GET',
    path: '/v1/exam/questions/export/:id/parts/:part',
    module: 'exam',
    summary: '下载导出任务的第 n 个文件',
    access: author,
    params: ExportPartParams,
    rawResponse: true,
    response: z.any(),
  }),
  questionExport: route({
    method: 'GET',
    path: '/v1/exam/questions/export',
    module: 'exam',
    summary: '导出题目为一个文件（后台生成后返回；需拆分为多个文件时返回 409，请改用导出任务）',
    access: author,
    query: ExportQuery,
    rawResponse: true,
    response: z.any(),
  }),
} as const;
