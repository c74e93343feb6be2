// What a well-formed question looks like per type: options, standard answer (and how a blank lists its
// alternatives), judgeType, sub-questions. Used by the write schemas' refinement (question.ts) and by the judges;
// messages are shown to authors (Chinese).
import type { JudgeType, QuestionOption, QuestionType, SubQuestionType } from './question-kinds.js';

/** A literal `|` inside an alternative is written `\|`. */
const ESCAPED_BAR = '\\|';

/** The accepted alternatives of one blank: split at every `|` not written as `\|`, each trimmed. */
export function splitAlternatives(blank: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < blank.length; i++) {
    if (blank.startsWith(ESCAPED_BAR, i)) {
      current += '|';
      i++;
    } else if (blank[i] === '|') {
      parts.push(current.trim());
      current = '';
    } else current += blank[i];
  }
  parts.push(current.trim());
  return parts;
}

/** The option letter at a position: 0 → `A`, 1 → `B`, … */
export const optionKeyAt = (index: number): string => String.fromCharCode(65 + index);

/** True when rich-text HTML shows something: text, an image, a formula or a video (`<p><br></p>` is empty). */
export function htmlHasContent(html: string): boolean {
  if (/<(img|video|svg|math)\b|data-(latex|value)=/i.test(html)) return true;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/gi, ' ');
  return text.trim().length > 0;
}

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

interface AnswerShape {
  type: QuestionType;
  answer: readonly string[];
  options: readonly QuestionOption[];
}

export interface RuleInput extends AnswerShape {
  judgeType: JudgeType;
  questionSub: readonly (AnswerShape & { type: SubQuestionType; questionSubId?: string })[];
}

const MIN_OPTIONS = 2;

const blankLabel = (i: number) => `第 ${i + 1} 空`;

function choiceIssues(q: AnswerShape): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (q.options.length < MIN_OPTIONS) issues.push({ path: ['options'], message: '选择题至少需要 2 个选项' });
  q.options.forEach((option, i) => {
    const expected = optionKeyAt(i);
    if (option.key !== expected)
      issues.push({ path: ['options', i, 'key'], message: `选项字母应为 ${expected}（从 A 开始依次排列，不重复）` });
    if (!htmlHasContent(option.content))
      issues.push({ path: ['options', i, 'content'], message: `请填写选项 ${expected} 的内容` });
  });
  const keys = new Set(q.options.map((o) => o.key));
  const seen = new Set<string>();
  q.answer.forEach((key, i) => {
    if (!keys.has(key)) issues.push({ path: ['answer', i], message: `答案 ${key || '（空）'} 不是选项字母` });
    else if (seen.has(key)) issues.push({ path: ['answer', i], message: `答案 ${key} 重复` });
    seen.add(key);
  });
  if (q.type === 'singleChoice' && q.answer.length !== 1)
    issues.push({ path: ['answer'], message: '单选题需要且只能有一个正确答案' });
  if (q.type === 'multipleChoice' && q.answer.length < 1)
    issues.push({ path: ['answer'], message: '多选题至少需要一个正确答案' });
  return issues;
}

function fillBlankIssues(answer: readonly string[]): RuleIssue[] {
  if (answer.length < 1) return [{ path: ['answer'], message: '填空题至少需要一个空的答案' }];
  const issues: RuleIssue[] = [];
  answer.forEach((blank, i) => {
    if (blank.trim() === '') issues.push({ path: ['answer', i], message: `${blankLabel(i)}的答案不能为空` });
    else if (splitAlternatives(blank).some((alt) => alt === ''))
      issues.push({ path: ['answer', i], message: `${blankLabel(i)}有空的备选答案（用 | 分隔的每一项都不能为空）` });
  });
  return issues;
}

function referenceIssues(answer: readonly string[], what: string): RuleIssue[] {
  if (answer.length !== 1) return [{ path: ['answer'], message: `请填写一条${what}` }];
  if (answer[0].trim() === '') return [{ path: ['answer', 0], message: `${what}不能为空` }];
  return [];
}

/** Options and answer of one (sub-)question of a non-enReading type. */
function answerIssues(q: AnswerShape): RuleIssue[] {
  const noOptions: RuleIssue[] = q.options.length > 0 ? [{ path: ['options'], message: '该题型不需要选项' }] : [];
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice':
      return choiceIssues(q);
    case 'trueFalse':
      return q.answer.length === 1 && (q.answer[0] === 'T' || q.answer[0] === 'F')
        ? noOptions
        : [...noOptions, { path: ['answer'], message: '判断题答案只能是 T（对）或 F（错）' }];
    case 'fillBlank':
      return [...noOptions, ...fillBlankIssues(q.answer)];
    case 'translation':
      return [...noOptions, ...referenceIssues(q.answer, '参考译文')];
    case 'shortAnswer':
      return [...noOptions, ...referenceIssues(q.answer, '参考答案')];
    case 'enReading':
      return [];
  }
}

const prefixed = (prefix: (string | number)[], issues: RuleIssue[]): RuleIssue[] =>
  issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));

/** Every rule a question's fields break, each with the path of the offending field. Empty when valid. */
export function questionRuleIssues(q: RuleInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (q.type === 'shortAnswer' && q.judgeType !== 'manual')
    issues.push({ path: ['judgeType'], message: '简答题只能由老师批改（判分方式应为 manual）' });
  if ((q.type === 'singleChoice' || q.type === 'multipleChoice' || q.type === 'trueFalse') && q.judgeType !== 'auto')
    issues.push({ path: ['judgeType'], message: '选择题和判断题总是自动判分（判分方式应为 auto）' });

  if (q.type !== 'enReading') {
    if (q.questionSub.length > 0) issues.push({ path: ['questionSub'], message: '只有阅读理解题可以有小题' });
    return [...issues, ...answerIssues(q)];
  }

  if (q.answer.length > 0) issues.push({ path: ['answer'], message: '阅读理解的答案写在各小题上，本题答案应为空' });
  if (q.options.length > 0) issues.push({ path: ['options'], message: '阅读理解题本身不需要选项' });
  if (q.questionSub.length < 1) issues.push({ path: ['questionSub'], message: '阅读理解至少需要一个小题' });
  const ids = new Set<string>();
  q.questionSub.forEach((sub, i) => {
    if (sub.questionSubId !== undefined) {
      if (ids.has(sub.questionSubId))
        issues.push({ path: ['questionSub', i, 'questionSubId'], message: `第 ${i + 1} 小题的编号重复` });
      ids.add(sub.questionSubId);
    }
    issues.push(...prefixed(['questionSub', i], answerIssues(sub)));
  });
  return issues;
}
