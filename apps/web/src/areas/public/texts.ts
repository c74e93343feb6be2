// Chinese UI text of the public pages, the login page and the change-password page.
export const PUBLIC_PAGES = {
  '/': '登录',
  '/password': '修改密码',
  '/invitations': '机构邀请',
  '/public/teacher/:id/profile': '教师简介',
  '/public/agency/:agencyId/profiles': '机构简介',
  '/public/question/preview': '题目预览',
} as const;

export const PUBLIC_TEXTS = {
  brand: '教育平台',
  login: {
    title: '登录',
    subtitle: '题库 · 训练 · 辅导',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    submit: '登录',
    agency: (id: string) => `机构：${id}`,
    loggedInAs: (name: string) => `你已登录为 ${name}`,
    continue: '进入',
    logout: '退出登录',
    noArea: '这个账号没有可进入的区域，请联系管理员分配角色。',
    invitations: '查看机构邀请',
  },
  password: {
    title: '修改密码',
    forced: '首次登录或密码已重置，请先修改密码再继续使用。',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirm: '确认新密码',
    oldRequired: '请输入原密码',
    newRequired: '请输入新密码',
    newSame: '新密码不能与原密码相同',
    confirmRequired: '请再次输入新密码',
    confirmMismatch: '两次输入的新密码不一致',
    submit: '修改密码',
    done: '密码已修改',
    cancel: '返回',
    logout: '退出登录',
    visitor: '请先登录',
  },
  agency: {
    notFound: '没有找到这个机构',
    noProfile: '这个机构还没有填写简介。',
  },
  backHome: '返回首页',
} as const;

export const PUBLIC_PREVIEW_TEXTS = {
  title: '题目预览',
  emptyTitle: '没有可预览的题目',
  emptyBody:
    '这个页面显示题目编辑页「预览」按钮交给它的题目（只保存在本浏览器中，不经过服务器），作答后在本机即时判分。请从题目编辑页点击「预览」打开。',
  localNote: '本预览在浏览器中即时判分，题目尚未保存时也可使用；正式作答以服务器判分为准。',
  notPublicTitle: '该题目未公开或不存在',
  notPublicBody: '链接可能有误，或这道题已从公开预览撤下。请向分享链接的老师确认。',
  publishedNote: '公开预览：提交后即时判分，并显示标准答案和解析；作答不会被记录。',
  loadFailed: '题目加载失败',
} as const;
