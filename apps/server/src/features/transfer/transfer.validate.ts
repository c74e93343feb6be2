// Validation of parsed items, all before anything is written: the contract's QuestionCreate rules, the
// knowledge point, and the sanitiser (a stem that is empty once unsafe content is removed). Pure but for
// the known knowledge codes handed in. Reasons are Chinese, prefixed with the field they concern.
import { htmlHasContent, QuestionCreate, type ImportItemError } from '@edu/contract';
import { ApiError } from '../../lib/api-error.js';
import { parseZh } from '../../lib/zod-issues.js';
import { sanitizeQuestionHtml } from '../questions/question-html.js';
import { questionChange } from '../questions/question-write.js';
import { normaliseTagNames } from '../tags/tags.policy.js';
import type { Draft, ParsedItem } from './transfer-model.js';

const FIELD_NAMES: Record<string, string> = {
  type: '题型',
  judgeType: '判分方式',
  title: '标题',
  question: '题干',
  explanation: '解析',
  options: '选项',
  answer: '答案',
  tags: '标签',
  knowledgeId: '知识点',
  questionSub: '小题',
};

function fieldLabel(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  const name = FIELD_NAMES[head] ?? head;
  if (head === 'answer' && rest.length) return `${name}（第 ${Number(rest[0]) + 1} 项）`;
  if (head === 'options' && rest.length) return `${name} ${String.fromCharCode(65 + Number(rest[0]))}`;
  if (head === 'questionSub' && rest.length) return `第 ${Number(rest[0]) + 1} 小题`;
  if (head === 'tags' && rest.length) return `${name}（第 ${Number(rest[0]) + 1} 个）`;
  return name;
}

export interface ValidateContext {
  agencyId: string;
  repoId: string;
  defaultKnowledgeId?: string;
  knownCodes: ReadonlySet<string>;
}

/** A valid item as it will be written: the create's stored fields (sanitised, formatted) and its tag names. */
export interface StagedQuestion {
  change: QuestionWrite;
  tags: string[];
}
export type QuestionWrite = ReturnType<typeof questionChange>;

/** Valid: the parsed input and, when staging (an import, not a preview), the question as it will be written. */
export type Validated =
  { ok: true; input: QuestionCreate; staged?: StagedQuestion } | { ok: false; error: ImportItemError };

const STEM_EMPTY = '题干：清理不安全内容后为空';

/**
 * Plain text as the parsers write it (transfer-model.ts plainToHtml), or text with no markup at all: the
 * sanitiser keeps all of its text, so whether it has content is known without running it.
 */
const PLAIN_STEM_RE = /^(?:<p>(?:[^<>&]|&(?:amp|lt|gt|quot);|<br>)*<\/p>|[^<>&]*)$/;

/**
 * What questionChange refuses, without building the stored question (a preview stores nothing): a stem with
 * nothing left once sanitised and no title. Only a stem that holds HTML is sanitised here; the sentence
 * formatter only adds spans and is not run.
 */
function stemSurvives(input: QuestionCreate): boolean {
  const stem = PLAIN_STEM_RE.test(input.question) ? input.question : sanitizeQuestionHtml(input.question);
  return htmlHasContent(stem) || input.title.trim() !== '';
}

/** The knowledge point of a draft: named explicitly (must exist), else its category when it exists, else the default. */
export function knowledgeOf(d: Draft, ctx: ValidateContext): { code?: string; reason?: string } {
  if (d.knowledgeId) {
    return ctx.knownCodes.has(d.knowledgeId)
      ? { code: d.knowledgeId }
      : { reason: `知识点：编码 ${d.knowledgeId} 不存在` };
  }
  if (d.categoryKnowledgeId && ctx.knownCodes.has(d.categoryKnowledgeId)) return { code: d.categoryKnowledgeId };
  if (ctx.defaultKnowledgeId) return { code: ctx.defaultKnowledgeId };
  return { reason: '知识点：文件中没有注明知识点，请选择默认知识点' };
}

/** Codes a validation needs to know about. */
export function codesOf(items: readonly ParsedItem[]): string[] {
  const codes = new Set<string>();
  for (const i of items) {
    if (i.draft?.knowledgeId) codes.add(i.draft.knowledgeId);
    if (i.draft?.categoryKnowledgeId) codes.add(i.draft.categoryKnowledgeId);
  }
  return [...codes];
}

/** Validates one item; `stage` (an import) also builds what is stored, a preview (`false`) only checks. */
export function validateItem(item: ParsedItem, ctx: ValidateContext, stage = true): Validated {
  const where = {
    index: item.index,
    ...(item.line !== undefined ? { line: item.line } : {}),
    ...(item.row !== undefined ? { row: item.row } : {}),
    title: item.title,
  };
  const reasons = [...item.problems];
  const d = item.draft;
  if (!d) return { ok: false, error: { ...where, reasons: reasons.length ? reasons : ['无法读取该题'] } };
  const kp = knowledgeOf(d, ctx);
  if (kp.reason) reasons.push(kp.reason);
  const { categoryKnowledgeId: _c, knowledgeId: _k, ...fields } = d;
  const r = parseZh(QuestionCreate, {
    ...fields,
    knowledgeId: kp.code ?? ctx.defaultKnowledgeId ?? 'unknown',
    agencyId: ctx.agencyId,
    repoId: ctx.repoId,
  });
  if (!r.success) {
    for (const issue of r.error.issues) {
      if (issue.path[0] === 'knowledgeId' && kp.reason) continue;
      reasons.push(`${fieldLabel(issue.path)}：${issue.message}`);
    }
  } else if (reasons.length === 0 && !stage) {
    if (stemSurvives(r.data)) return { ok: true, input: r.data };
    reasons.push(STEM_EMPTY);
  } else if (reasons.length === 0) {
    try {
      return {
        ok: true,
        input: r.data,
        staged: { change: questionChange(r.data), tags: normaliseTagNames(r.data.tags) },
      };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      reasons.push(STEM_EMPTY);
    }
  }
  return { ok: false, error: { ...where, reasons: [...new Set(reasons)] } };
}
