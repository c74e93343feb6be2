// FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the platform admin reads every
// agency's last fit; it acts in no agency.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { pageOf } from '../envelope.js';
import { FsrsFit, FsrsFitQuery } from '../schemas/fsrs-fit.js';
import { route } from './route.js';

export const FSRS_FIT_API = {
  fsrsFitList: route({
    method: 'GET',
    path: '/v1/wrong/fsrs-fits',
    module: 'wrong',
    summary:
      '错题本复习参数（平台管理员）：每个机构最近一次按复习记录拟合 FSRS 的结果（复习数、拟合前后的对数损失、是否采用）',
    access: roles(ROLE_SETS.platformAdmin, false),
    query: FsrsFitQuery,
    response: pageOf(FsrsFit),
  }),
};
