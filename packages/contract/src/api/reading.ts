// AI reading (docs/reading.md, issue 19): formatting, generated sub-questions as a job, a new questionSubId, the
// review of a generated sub-question, the provider settings and the call log. The question calls act on the
// current agency's own enReading questions (another agency's answers 404). Keys never leave the server.
import { roles } from '../access/api-access.js';
import { ROLE_SETS } from '../access/role-sets.js';
import { requestOf } from '../envelope.js';
import { Question } from '../schemas/question.js';
import {
  NewQuestionSubId,
  ReadingAgencySettings,
  ReadingCallPage,
  ReadingCallQuery,
  ReadingConnectionTest,
  ReadingFormatRequest,
  ReadingFormatResult,
  ReadingGenerateRequest,
  ReadingGenerateStarted,
  ReadingJob,
  ReadingJobParams,
  ReadingSettings,
  ReadingSettingsWrite,
  ReadingSubAction,
  ReadingSubParams,
} from '../schemas/reading.js';
import { route } from './route.js';

/** docs/product.md §6 `/admin/question`: the agency's question authors. */
const authors = roles(ROLE_SETS.questionAdmin);
/** The platform default: platform admins only. */
const platformAdmin = roles(ROLE_SETS.platformAdmin, false);
/** An agency's override and its call log: the agency admin (and a platform admin acting in the agency). */
const agencyAdmin = roles(ROLE_SETS.agencySettings, true);

export const READING_API = {
  readingFormat: route({
    method: 'POST',
    path: '/v1/reading/format',
    module: 'reading',
    summary: '排版英文文章：按句包裹 span.word，并列出超出所选词汇等级的词（含词元与释义）',
    access: authors,
    body: requestOf(ReadingFormatRequest),
    response: ReadingFormatResult,
  }),
  readingGenerate: route({
    method: 'PUT',
    path: '/v1/reading/generate',
    module: 'reading',
    summary: '为阅读题生成小题（后台任务；生成的小题状态为待审核 pending）',
    access: authors,
    body: requestOf(ReadingGenerateRequest),
    response: ReadingGenerateStarted,
  }),
  readingGenerateJob: route({
    method: 'GET',
    path: '/v1/reading/generate/:jobId',
    module: 'reading',
    summary: '生成任务的进度、失败原因与新增小题编号',
    access: authors,
    params: ReadingJobParams,
    response: ReadingJob,
  }),
  readingNewSubId: route({
    method: 'GET',
    path: '/v1/reading/questionSubId',
    module: 'reading',
    summary: '取得一个新的、未使用的小题编号 questionSubId',
    access: authors,
    response: NewQuestionSubId,
  }),
  readingSubAction: route({
    method: 'POST',
    path: '/v1/reading/question/:id/sub/:questionSubId',
    module: 'reading',
    summary: '审核小题：采纳（accept）、修改（edit）或删除（delete）；返回题目的新版本',
    access: authors,
    params: ReadingSubParams,
    body: requestOf(ReadingSubAction),
    response: Question,
  }),
  readingPlatformSettings: route({
    method: 'GET',
    path: '/v1/reading/settings/platform',
    module: 'reading',
    summary: '平台默认的 AI 生成设置（不含密钥）',
    access: platformAdmin,
    response: ReadingSettings,
  }),
  readingPlatformSettingsSave: route({
    method: 'POST',
    path: '/v1/reading/settings/platform',
    module: 'reading',
    summary: '保存平台默认的 AI 生成设置（密钥只写不读，空字符串清除）',
    access: platformAdmin,
    body: requestOf(ReadingSettingsWrite),
    response: ReadingSettings,
  }),
  readingPlatformSettingsTest: route({
    method: 'POST',
    path: '/v1/reading/settings/platform/test',
    module: 'reading',
    summary: '测试连接：用所填的平台默认设置发一个很小的请求（不保存；未填密钥时用已保存的密钥）',
    access: platformAdmin,
    body: requestOf(ReadingSettingsWrite),
    response: ReadingConnectionTest,
  }),
  readingAgencySettings: route({
    method: 'GET',
    path: '/v1/reading/settings/agency',
    module: 'reading',
    summary: '本机构的 AI 生成设置（未单独设置时为平台默认，inherited 为 true）',
    access: agencyAdmin,
    response: ReadingAgencySettings,
  }),
  readingAgencySettingsSave: route({
    method: 'POST',
    path: '/v1/reading/settings/agency',
    module: 'reading',
    summary: '保存本机构的 AI 生成设置（覆盖平台默认）',
    access: agencyAdmin,
    body: requestOf(ReadingSettingsWrite),
    response: ReadingAgencySettings,
  }),
  readingAgencySettingsTest: route({
    method: 'POST',
    path: '/v1/reading/settings/agency/test',
    module: 'reading',
    summary: '测试连接：用所填的本机构设置发一个很小的请求（不保存；地址规则与生成时相同）',
    access: agencyAdmin,
    body: requestOf(ReadingSettingsWrite),
    response: ReadingConnectionTest,
  }),
  readingAgencySettingsReset: route({
    method: 'DELETE',
    path: '/v1/reading/settings/agency',
    module: 'reading',
    summary: '删除本机构的设置，恢复为平台默认',
    access: agencyAdmin,
    response: ReadingAgencySettings,
  }),
  readingCalls: route({
    method: 'GET',
    path: '/v1/reading/calls',
    module: 'reading',
    summary: '本机构的 AI 调用记录（新的在前：用量、费用、结果）',
    access: agencyAdmin,
    query: ReadingCallQuery,
    response: ReadingCallPage,
  }),
  readingCallsAll: route({
    method: 'GET',
    path: '/v1/reading/calls/all',
    module: 'reading',
    summary: '全平台的 AI 调用记录（平台管理员）',
    access: platformAdmin,
    query: ReadingCallQuery,
    response: ReadingCallPage,
  }),
} as const;
