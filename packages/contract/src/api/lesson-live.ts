// The lesson room's HTTP calls (docs/lessons.md "Video", "Replay data"): ICE servers for the video and the board's
// logged facts for the replay. Like every lesson call they act in the agency of X-Agency-Id, and which lesson a caller
// reaches is LessonAccess.seatOf's answer: any other lesson, of this agency or another, answers 404. The room itself
// is the socket protocol of realtime/lesson-protocol.ts.
import { roles } from '../access/api-access.js';
import { ROLE_SETS } from '../access/role-sets.js';
import { IdParams } from '../schemas/common.js';
import { IceServers } from '../schemas/lessons.js';
import { LessonReplay, LessonReplayQuery } from '../schemas/lesson-live.js';
import { route } from './route.js';

const people = roles(ROLE_SETS.lessonPeople);

export const LESSON_LIVE_API = {
  lessonIce: route({
    method: 'GET',
    path: '/v1/lesson/:id/ice',
    module: 'lesson',
    summary: '视频连接的 ICE 服务器（STUN/TURN，限时凭据；仅本课的教师与学生）',
    access: people,
    params: IdParams,
    response: IceServers,
  }),
  lessonReplay: route({
    method: 'GET',
    path: '/v1/lesson/:id/replay',
    module: 'lesson',
    summary: '课程回放数据：白板快照与按序的改动（分页）、进出记录',
    access: people,
    params: IdParams,
    query: LessonReplayQuery,
    response: LessonReplay,
  }),
};
