// A scheme's dry run (docs/simulation.md "Dry run of a scheme"): starting it needs the scheme's edit access (the
// agency's own scheme: 404 another agency's, 403 a referenced one), as `schemeUpdate`; the job is the agency's.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  SchemeSimulationJob,
  SchemeSimulationRequest,
  SchemeSimulationStarted,
  SimulationJobParams,
} from '../schemas/scheme-simulation.js';
import { route } from './route.js';

const staff = roles(ROLE_SETS.trainStaff);

export const SCHEME_SIMULATION_API = {
  schemeSimulate: route({
    method: 'POST',
    path: '/v1/train/scheme/:id/simulate',
    module: 'train',
    summary: '模拟训练方案：合成学生按方案训练一次（后台任务，最多 10000 人、60 秒）',
    access: staff,
    params: IdParams,
    body: requestOf(SchemeSimulationRequest),
    response: SchemeSimulationStarted,
  }),
  schemeSimulation: route({
    method: 'GET',
    path: '/v1/train/simulation/:jobId',
    module: 'train',
    summary: '方案模拟的进度与结果',
    access: staff,
    params: SimulationJobParams,
    response: SchemeSimulationJob,
  }),
};
