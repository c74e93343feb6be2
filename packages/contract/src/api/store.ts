// The store (docs/store.md): agency staff browse and preview other agencies' shared repositories (subscribing
// goes through the repositories' own calls), the platform admin lists, withdraws and restores them.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  StoreAdminListQuery,
  StoreListQuery,
  StorePreviewQuery,
  StoreQuestionItem,
  StoreRepo,
  StoreRepoParams,
  StoreSchemeItem,
  StoreWithdraw,
} from '../schemas/store.js';
import { route } from './route.js';

const staff = roles(ROLE_SETS.questionReader);
const platform = roles(ROLE_SETS.platformAdmin);

export const STORE_API = {
  storeList: route({
    method: 'GET',
    path: '/v1/store/repositories',
    module: 'store',
    summary: '商店：其他机构共享的题库或训练方案库（按关键词、学科、年级搜索，含是否已引用）',
    access: staff,
    query: StoreListQuery,
    response: pageOf(StoreRepo),
  }),
  storeQuestions: route({
    method: 'GET',
    path: '/v1/store/question-repository/:id/questions',
    module: 'store',
    summary: '商店：预览共享题库的题目（引用前不含答案与解析）',
    access: staff,
    params: IdParams,
    query: StorePreviewQuery,
    response: pageOf(StoreQuestionItem),
  }),
  storeSchemes: route({
    method: 'GET',
    path: '/v1/store/train-repository/:id/schemes',
    module: 'store',
    summary: '商店：预览共享训练方案库的方案',
    access: staff,
    params: IdParams,
    query: StorePreviewQuery,
    response: pageOf(StoreSchemeItem),
  }),
  storeAdminList: route({
    method: 'GET',
    path: '/v1/store/admin/repositories',
    module: 'store',
    summary: '商店管理（平台管理员）：所有共享的题库或训练方案库，含已下架的',
    access: platform,
    query: StoreAdminListQuery,
    response: pageOf(StoreRepo),
  }),
  storeAdminQuestions: route({
    method: 'GET',
    path: '/v1/store/admin/question-repository/:id/questions',
    module: 'store',
    summary: '商店管理（平台管理员）：预览共享题库的题目（不含答案与解析）',
    access: platform,
    params: IdParams,
    query: StorePreviewQuery,
    response: pageOf(StoreQuestionItem),
  }),
  storeAdminSchemes: route({
    method: 'GET',
    path: '/v1/store/admin/train-repository/:id/schemes',
    module: 'store',
    summary: '商店管理（平台管理员）：预览共享训练方案库的方案',
    access: platform,
    params: IdParams,
    query: StorePreviewQuery,
    response: pageOf(StoreSchemeItem),
  }),
  storeWithdraw: route({
    method: 'POST',
    path: '/v1/store/admin/:kind/:id/withdraw',
    module: 'store',
    summary: '商店管理（平台管理员）：下架共享的库（须填原因，所属机构可见；已引用的机构照常使用）',
    access: platform,
    params: StoreRepoParams,
    body: requestOf(StoreWithdraw),
    response: StoreRepo,
  }),
  storeRestore: route({
    method: 'POST',
    path: '/v1/store/admin/:kind/:id/restore',
    module: 'store',
    summary: '商店管理（平台管理员）：恢复上架',
    access: platform,
    params: StoreRepoParams,
    response: StoreRepo,
  }),
} as const;
