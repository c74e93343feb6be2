// Chinese UI text of bulk enrolment (docs/enrolment.md): the students' wizard, and its teacher and parent kinds.
import type { EnrolmentKind, EnrolmentMode, EnrolmentStatus } from '@edu/contract';

export const ENROL_MODE_LABELS: Record<EnrolmentMode, string> = {
  all: '全部正确才注册',
  valid: '只注册正确的行',
};

export const ENROL_TEXTS = {
  open: '批量注册学生',
  title: '从 Excel 批量注册学生',
  steps: ['选择文件', '校验并注册', '下载初始密码'],
  template: '下载 Excel 模板',
  templateSaved: '已下载批量注册模板',
  templateName: '学生批量注册模板.xlsx',
  templateHelp:
    '请在模板的“学生”工作表中逐行填写：姓名、年级必填；用户名、学科、初始密码可空（用户名和密码留空时自动生成）。',
  pick: '点击或拖拽 Excel 文件（.xlsx）到此处',
  limits: (mb: number, rows: number) => `文件不超过 ${mb} MB，学生不超过 ${rows.toLocaleString('zh-CN')} 行`,
  fileRequired: '请选择要上传的 Excel 文件',
  notXlsx: (name: string) => `文件「${name}」不是 .xlsx 文件，请使用批量注册模板`,
  tooLarge: (name: string, mb: number) => `文件「${name}」超过 ${mb} MB，不能上传`,
  mode: '注册方式',
  modeHelp: {
    all: '任一行有错误时，一个学生也不注册',
    valid: '有错误的行被跳过，其余的照常注册',
  } satisfies Record<EnrolmentMode, string>,
  start: '开始注册',
  cancel: '取消',
  close: '关闭',
  again: '继续注册其他文件',
  status: {
    queued: '排队中…',
    validating: '正在校验每一行…',
    enrolling: '正在创建账号…',
    done: '注册完成',
    failed: '注册失败',
  } satisfies Record<EnrolmentStatus, string>,
  starting: '正在上传…',
  /** While the job has no total yet (the sheet is still being read). */
  reading: '正在读取表格…',
  progress: (processed: number, total: number) => `${processed} / ${total}`,
  done: (enrolled: number, bad: number) =>
    bad > 0 ? `已注册 ${enrolled} 名学生，${bad} 行有错误未注册` : `已注册 ${enrolled} 名学生`,
  pollFailed: '无法读取任务进度',
  retry: '重试',
  errorsTitle: (rows: number, n: number) => `有错误的行：${rows} 行（共 ${n} 处错误）`,
  errorsCut: (shown: number) => `只列出前 ${shown} 处错误`,
  columns: { row: '行号', column: '列', message: '原因' },
  row: (n: number) => `第 ${n} 行`,
  passwords: '下载初始密码',
  passwordsHelp:
    '初始密码（含自动生成的）只能下载一次，下载后服务器即删除。请妥善保存并分发给学生；学生首次登录后必须修改密码。',
  passwordsConfirm: '初始密码只能下载一次',
  passwordsConfirmText: '下载后服务器将删除这些密码，无法再次下载。确定现在下载吗？',
  passwordsOk: '下载',
  passwordsSaved: '已下载初始密码，服务器已删除',
  passwordsGone: '初始密码已经下载过，服务器不再保存；如有遗失，请为该学生重置密码。',
  passwordsName: '学生初始密码.xlsx',
  closeWithPasswords: '初始密码还没有下载，关闭后将无法再下载。确定关闭吗？',
  closeAnyway: '仍然关闭',
  errorsDownload: '下载错误报告',
  errorsName: '批量注册错误报告.xlsx',
  cancelJob: '取消注册',
  keepGoing: '继续注册',
  cancelTitle: '取消这次批量注册？',
  cancelBody: '将停止校验，不注册任何学生；已上传的文件不再保留。开始写入账号后就不能取消了。',
  cancelled: '已取消批量注册',
};

export type EnrolTexts = typeof ENROL_TEXTS;

const KIND_LABEL: Record<EnrolmentKind, string> = { student: '学生', teacher: '教师', parent: '家长' };

/** The wizard's text for a kind (docs/enrolment.md "Kinds"): the students' text with the kind's noun and columns. */
export function enrolTexts(kind: EnrolmentKind): EnrolTexts {
  if (kind === 'student') return ENROL_TEXTS;
  const who = KIND_LABEL[kind];
  return {
    ...ENROL_TEXTS,
    open: `导入${who}`,
    title: `从 Excel 导入${who}`,
    steps: ['选择文件', '校验并导入', '下载初始密码'],
    templateSaved: `已下载${who}导入模板`,
    templateName: `${who}批量注册模板.xlsx`,
    templateHelp:
      kind === 'teacher'
        ? '请在模板的“教师”工作表中逐行填写：姓名必填；用户名、学科、初始密码可空（用户名和密码留空时自动生成）。'
        : '请在模板的“家长”工作表中逐行填写：姓名、孩子用户名（本机构学生的用户名，多个用顿号分隔）必填；用户名、初始密码可空（留空时自动生成）。',
    limits: (mb: number, rows: number) => `文件不超过 ${mb} MB，${who}不超过 ${rows.toLocaleString('zh-CN')} 行`,
    modeHelp: {
      all: `任一行有错误时，一个${who}也不导入`,
      valid: '有错误的行被跳过，其余的照常导入',
    },
    start: '开始导入',
    again: '继续导入其他文件',
    status: { ...ENROL_TEXTS.status, done: '导入完成', failed: '导入失败' },
    done: (enrolled: number, bad: number) =>
      bad > 0 ? `已导入 ${enrolled} 名${who}，${bad} 行有错误未导入` : `已导入 ${enrolled} 名${who}`,
    passwordsHelp: `初始密码（含自动生成的）只能下载一次，下载后服务器即删除。请妥善保存并分发给${who}；${who}首次登录后必须修改密码。`,
    passwordsGone: `初始密码已经下载过，服务器不再保存；如有遗失，请为该${who}重置密码。`,
    passwordsName: `${who}初始密码.xlsx`,
    errorsName: `${who}导入错误报告.xlsx`,
    cancelJob: '取消导入',
    keepGoing: '继续导入',
    cancelTitle: `取消这次${who}导入？`,
    cancelBody: `将停止校验，不导入任何${who}；已上传的文件不再保留。开始写入账号后就不能取消了。`,
    cancelled: `已取消${who}导入`,
  };
}
