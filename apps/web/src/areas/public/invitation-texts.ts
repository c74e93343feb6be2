// Chinese UI text of the invitations page (/invitations, docs/users.md "Inviting an existing account").
import type { InvitationRole } from '@edu/contract';

export const INVITED_ROLE: Record<InvitationRole, string> = { student: '学生', teacher: '教师', parent: '家长' };

export const INVITATION_TEXTS = {
  title: '机构邀请',
  intro:
    '其他机构邀请你加入时会显示在这里。接受后你会以邀请的身份成为该机构成员；拒绝或不处理，你的账号不会有任何变化。',
  visitor: '请先登录，再查看发给你的机构邀请',
  login: '前往登录',
  empty: '暂无待处理的邀请',
  loadFailed: '邀请加载失败',
  invitedAs: (agency: string, role: InvitationRole) => `「${agency}」邀请你以${INVITED_ROLE[role]}身份加入`,
  invitedBy: (name: string) => `邀请人：${name || '机构管理员'}`,
  expires: (when: string) => `有效期至 ${when}`,
  accept: '接受',
  refuse: '拒绝',
  refuseTitle: (agency: string) => `拒绝「${agency}」的邀请？`,
  refuseBody: '拒绝后这条邀请失效；对方需要重新邀请你才能加入。',
  acceptTitle: (agency: string, role: InvitationRole) => `以${INVITED_ROLE[role]}身份加入「${agency}」？`,
  acceptBody: '加入后，该机构的管理员可以看到你的姓名和用户名，并管理你在该机构的身份；你在其他机构的身份不受影响。',
  confirm: '确定',
  cancel: '取消',
  refused: '已拒绝邀请',
  joinedTitle: (agency: string) => `你已加入「${agency}」`,
  joinedBody: '可以在页面右上角切换机构。',
  enter: (agency: string) => `进入「${agency}」`,
  back: '返回',
} as const;
