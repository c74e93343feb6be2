// The answering steps of a reading question inside a training (docs/reading.md "Answering steps"): the student who
// owns the training only (any other id answers 404), as the training calls.
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { ReadingProcess, ReadingStepParams, ReadingStepRequest } from '../schemas/reading-steps.js';
import { route } from './route.js';

const trainee = roles(ROLE_SETS.trainee);

export const READING_STEPS_API = {
  readingProcess: route({
    method: 'GET',
    path: '/v1/train/:id/reading/:questionId/process',
    module: 'train',
    summary: '阅读题的分步作答进度（首次读取时创建；小题答案在作答前不返回）',
    access: trainee,
    params: ReadingStepParams,
    response: ReadingProcess,
  }),
  readingStep: route({
    method: 'POST',
    path: '/v1/train/:id/reading/:questionId/step',
    module: 'train',
    summary: '回答当前小题（立即判定并给出反馈；最后一题作答后提交整道题；同一答案重试无副作用）',
    access: trainee,
    params: ReadingStepParams,
    body: requestOf(ReadingStepRequest),
    response: ReadingProcess,
  }),
};
