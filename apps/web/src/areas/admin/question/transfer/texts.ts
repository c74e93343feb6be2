// Chinese UI text of question import and export.
import type { DetectedEncoding, ImportJobStatus, ImportMode, TransferFormat } from '@edu/contract';

export const FORMAT_LABELS: Record<TransferFormat, string> = {
  moodle: 'Moodle XML',
  gift: 'GIFT',
  xlsx: 'Excel 模板',
};

export const ENCODING_LABELS: Record<DetectedEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  gb18030: 'GB18030 / GBK',
};

export const MODE_LABELS: Record<ImportMode, string> = {
  all: '全部成功才导入',
  valid: '只导入通过校验的题目',
};

export const TRANSFER_TEXTS = {
  import: {
    open: '导入题目',
    title: '导入题目',
    steps: ['选择文件', '校验', '导入'],
    file: '文件',
    pick: '点击或拖拽文件到此处',
    pickHint: '支持 Moodle XML（.xml）、GIFT（.gift / .txt）和 Excel 模板（.xlsx）',
    limits: (mb: number, rows: number) =>
      `文件不超过 ${mb} MB，题目不超过 ${rows.toLocaleString('zh-CN')} 道（Excel 为数据行）`,
    fileRequired: '请选择要导入的文件',
    tooLarge: (name: string, mb: number) => `文件「${name}」超过 ${mb} MB，不能导入`,
    encoding: '文本编码',
    encodingDetected: (label: string) => `已按 ${label} 读取；如有乱码，请选择其他编码重新校验`,
    previewFailed: '校验失败',
    format: '格式',
    formatRequired: '请选择文件格式',
    formatInferred: '已按文件扩展名自动选择，可以修改',
    repo: '目标题库',
    repoPlaceholder: '选择本机构的题库',
    repoRequired: '请选择目标题库',
    noOwnedRepo: '本机构还没有自有题库，请先在「题库管理」中新建',
    kp: '默认知识点',
    kpPlaceholder: '可选：文件中没有指定知识点的题目归入这里',
    mode: '导入方式',
    modeHelp: {
      all: '有任何一道题未通过校验时，一道题也不导入',
      valid: '未通过校验的题目被跳过，其余的照常导入',
    } satisfies Record<ImportMode, string>,
    template: '下载 Excel 模板',
    templateSaved: '已下载 Excel 模板',
    validate: '校验',
    validating: '正在校验…',
    back: '上一步',
    start: '开始导入',
    close: '关闭',
    cancel: '取消',
    again: '继续导入其他文件',
  },
  report: {
    total: '题目总数',
    valid: '通过校验',
    invalid: '未通过',
    unsupported: '不支持的题型',
    allValid: (n: number) => `全部 ${n} 道题都通过了校验，可以导入。`,
    empty: '文件中没有找到题目',
    errorsTitle: (n: number) => `未通过校验的题目（${n}）`,
    unsupportedTitle: (n: number) => `不支持的题型（${n}），导入时会跳过，不影响其他题目`,
    blockedTitle: '按“全部成功才导入”不能导入',
    blocked: (n: number) => `有 ${n} 道题未通过校验。请修改文件后重新校验，或改为只导入通过校验的题目。`,
    switchToValid: '改为只导入通过校验的题目',
    willSkip: (n: number, ok: number) => `将导入 ${ok} 道题，跳过 ${n} 道未通过校验的题目。`,
    nothingToImport: '没有可以导入的题目',
    columns: { index: '序号', where: '行号', title: '标题', reasons: '原因' },
    line: (n: number) => `第 ${n} 行`,
    untitled: '（无标题）',
  },
  job: {
    status: {
      queued: '排队等待中',
      validating: '正在校验',
      importing: '正在导入',
      done: '导入完成',
      failed: '导入失败',
    } satisfies Record<ImportJobStatus, string>,
    progress: (done: number, total: number) => `${done} / ${total}`,
    starting: '正在上传文件…',
    done: (imported: number, skipped: number) =>
      skipped > 0 ? `已导入 ${imported} 道题，跳过 ${skipped} 道` : `已导入 ${imported} 道题`,
    failed: '导入失败',
    pollFailed: '无法获取导入进度',
    retry: '重新获取进度',
    running: '导入进行中，完成后才能关闭',
  },
  export: {
    open: '导出',
    title: '导出题目',
    format: '格式',
    repo: '题库',
    allRepos: '全部题库',
    kp: '知识点',
    allKps: '全部知识点（含下级）',
    type: '题型',
    allTypes: '全部题型',
    unsupported: {
      moodle: 'Moodle XML 不支持翻译题和英语阅读，这些题目不会导出。',
      gift: 'GIFT 不支持翻译题和英语阅读，这些题目不会导出。',
      xlsx: 'Excel 支持全部题型；选项超过 8 个的题目不会导出。',
    } satisfies Record<TransferFormat, string>,
    submit: '导出',
    cancel: '取消',
    close: '关闭',
    done: (count: number, skipped: number) =>
      skipped > 0 ? `已导出 ${count} 道题，${skipped} 道题的题型该格式不支持` : `已导出 ${count} 道题`,
    fallbackName: (ext: string) => `questions.${ext}`,
    queued: '排队等待中',
    running: '正在导出',
    failed: '导出失败',
    download: '下载',
    parts: (n: number, count: number, skipped: number) =>
      `题目较多，已拆分为 ${n} 个文件（共 ${count} 道题${skipped > 0 ? `，${skipped} 道题的题型该格式不支持` : ''}）；每个文件都可以单独导入。`,
    part: (name: string, count: number, bytes: number) =>
      `${name}（${count} 道题，${Math.max(0.1, Math.round((bytes / 1024 / 1024) * 10) / 10)} MB）`,
  },
} as const;
