// Chinese UI text of the student's 家长绑定 card (docs/parents.md "Pairing codes").
export const PAIRING_TEXTS = {
  title: '家长绑定',
  intro: '生成配对码并告诉家长：家长登录后在「我的孩子」中输入，或在登录页点「家长注册」用它注册账号。',
  none: '还没有有效的配对码。',
  generate: '生成配对码',
  regenerate: '重新生成',
  regenerateConfirm: '重新生成后，旧的配对码立即失效。确定吗？',
  generated: '已生成新的配对码',
  expires: (when: string) => `有效期至 ${when}（北京时间），只能使用一次`,
  copy: '复制',
  copied: '已复制配对码',
  ok: '确定',
  cancel: '取消',
} as const;
