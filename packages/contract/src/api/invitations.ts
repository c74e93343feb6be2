// Inviting an existing account into an agency (docs/users.md "Inviting an existing account"). The agency admin
// invites, lists and withdraws in the agency in context (another agency's invitation answers 404); the invited
// person lists and answers their own, in no agency (another user's invitation answers 404).
import { z } from 'zod';
import { LOGIN, roles } from '../access/api-access.js';
import { requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  AgencyInvitationPage,
  AgencyInvitationQuery,
  InvitationAnswer,
  InvitationCreate,
  InvitationSent,
  INVITERS,
  MyInvitation,
} from '../schemas/invitations.js';
import { route } from './route.js';

const inviters = roles(INVITERS);

export const INVITATIONS_API = {
  invitationCreate: route({
    method: 'PUT',
    path: '/v1/users/invitation',
    module: 'user',
    summary: '邀请已有账号加入本机构（按用户名；对方接受后才成为成员；无论用户名是否存在，回答相同）',
    access: inviters,
    body: requestOf(InvitationCreate),
    response: InvitationSent,
  }),
  invitationList: route({
    method: 'GET',
    path: '/v1/users/invitations',
    module: 'user',
    summary: '本机构发出的邀请（新的在前，可按状态筛选，分页）',
    access: inviters,
    query: AgencyInvitationQuery,
    response: AgencyInvitationPage,
  }),
  invitationWithdraw: route({
    method: 'DELETE',
    path: '/v1/users/invitation/:id',
    module: 'user',
    summary: '撤回一条尚未处理的邀请',
    access: inviters,
    params: IdParams,
    response: z.null(),
  }),
  myInvitations: route({
    method: 'GET',
    path: '/v1/invitation/mine',
    module: 'invitation',
    summary: '我收到的、等待处理的机构邀请',
    access: LOGIN,
    response: z.array(MyInvitation),
  }),
  invitationAccept: route({
    method: 'POST',
    path: '/v1/invitation/:id/accept',
    module: 'invitation',
    summary: '接受机构邀请（以邀请的身份成为该机构成员）',
    access: LOGIN,
    params: IdParams,
    response: InvitationAnswer,
  }),
  invitationRefuse: route({
    method: 'POST',
    path: '/v1/invitation/:id/refuse',
    module: 'invitation',
    summary: '拒绝机构邀请（不做任何改变）',
    access: LOGIN,
    params: IdParams,
    response: InvitationAnswer,
  }),
} as const;
