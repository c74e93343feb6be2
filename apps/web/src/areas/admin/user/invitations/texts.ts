// Chinese UI text of inviting an existing account (docs/users.md "Inviting an existing account").
import type { InvitationRole, InvitationStatus } from '@edu/contract';

export const INVITE_ROLE_LABEL: Record<InvitationRole, string> = { student: '学生', teacher: '教师', parent: '家长' };

export const INVITE_TEXTS = {
  button: '邀请已有账号',
  title: '邀请已有账号加入本机构',
  intro:
    '对方已在其他机构或平台上有账号时，用这里邀请，不必新建账号。输入对方完整的用户名并选择身份：对方会收到站内通知，接受后才成为本机构成员；拒绝或过期不会有任何变化。',
  privacy: '为保护其他机构的账号信息，无论该用户名是否存在，都只会提示“已发送邀请（若该用户存在）”。',
  username: '用户名',
  usernamePlaceholder: '对方完整的用户名，例如 other_s0001',
  usernameRequired: '请输入用户名',
  role: '身份',
  send: '发送邀请',
  sentUntil: (message: string, when: string) => `${message}，有效期至 ${when}`,
  listTitle: '已发出的邀请',
  allStatus: '全部状态',
  status: { pending: '待接受', accepted: '已接受', refused: '已拒绝', expired: '已过期' } as Record<
    InvitationStatus,
    string
  >,
  statusColor: { pending: 'blue', accepted: 'green', refused: 'default', expired: 'orange' } as Record<
    InvitationStatus,
    string
  >,
  columns: {
    username: '用户名',
    role: '身份',
    status: '状态',
    invitedBy: '邀请人',
    created: '发送时间',
    expires: '有效期至',
    actions: '操作',
  },
  withdraw: '撤回',
  withdrawTitle: (username: string) => `撤回发给「${username}」的邀请？`,
  withdrawBody: '撤回后对方无法再接受这条邀请。',
  withdrawn: '已撤回',
  confirm: '确定',
  cancel: '取消',
  empty: '还没有发出邀请',
  total: (n: number | string) => `共 ${n} 条`,
} as const;
