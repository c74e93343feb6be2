// Chinese UI text of the shared components.
import type { QuestionType } from '@edu/contract';
export const COMMON_TEXTS = {
  underConstruction: '建设中',
  underConstructionSub: (page: string, when: string) => `「${page}」页面正在建设中，${when}。`,
  back: '返回',
  home: '返回首页',
  loading: '加载中…',
  brand: '教育平台',
} as const;

/** Leaving an editor with unsaved changes (useUnsavedGuard.ts, docs/web.md "Unsaved changes"). */
export const UNSAVED_TEXTS = {
  title: '有未保存的修改，确定离开吗？',
  content: '离开后，这些修改将会丢失。',
  leave: '离开',
  stay: '留下',
} as const;

export const HEADER_TEXTS = {
  invitations: '机构邀请',
  changePassword: '修改密码',
  logout: '退出登录',
  login: '登录',
  agency: '机构',
  /** The phone's menu button and drawer (student, parent and teacher areas). */
  menu: '菜单',
  switched: (name: string) => `已切换到 ${name}`,
} as const;

export const RICH_TEXTS = {
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  bulletList: '无序列表',
  orderedList: '有序列表',
  table: '插入表格',
  image: '插入图片',
  formula: '插入公式',
  formulaTitle: '插入公式（LaTeX）',
  formulaPlaceholder: '例如：x^2 + \\frac{1}{2}',
  formulaPreview: '预览',
  insert: '插入',
  cancel: '取消',
  loading: '编辑器加载中…',
  failed: '编辑器出错了，内容未丢失。',
  retry: '重新加载编辑器',
} as const;

export const TYPE_LABELS: Record<QuestionType, string> = {
  singleChoice: '单选题',
  multipleChoice: '多选题',
  trueFalse: '判断题',
  fillBlank: '填空题',
  shortAnswer: '简答题',
  translation: '翻译题',
  enReading: '英语阅读',
};

export const QUESTION_VIEW_TEXTS = {
  submit: '提交',
  retry: '重新作答',
  answerPlaceholder: '在此作答',
  blankPlaceholder: (i: number) => `第 ${i} 空`,
  blankCount: '空数',
  emptyBlank: '（空）',
  trueLabel: '对',
  falseLabel: '错',
  correct: '回答正确',
  /** Some of the question's mark, not all (docs/practice-engine.md "Marks"). */
  partial: '部分正确',
  wrong: '回答错误',
  pending: '等待老师批改',
  score: (s: number) => `得分 ${Math.round(s * 100)}%`,
  similarity: (s: number) => `相似度 ${s}%`,
  standardAnswer: '标准答案',
  referenceAnswer: '参考答案',
  referenceTranslation: '参考译文',
  yourAnswer: '你的答案',
  explanation: '解析',
  subResults: '小题结果',
  sub: (i: number) => `第 ${i} 小题`,
  videos: '视频讲解',
  none: '（无）',
} as const;

export const RECORD_TEXTS = {
  /** A record whose question text the server did not send (an older record, or a deleted question). */
  noStem: (id: string) => `题目 #${id}（题目内容不可用）`,
  expand: '展开题目',
  collapse: '收起题目',
  optionSeparator: '．',
  sub: (i: number) => `第 ${i} 小题`,
  subColon: '：',
  subCorrect: '✓',
  subWrong: '✗',
  subPending: '待批改',
} as const;
