// Turns validated question fields into what is stored: every HTML field sanitised, the stem's sentences
// wrapped (docs/product.md §3), sub-question ids assigned, the search text computed.
import { randomBytes } from 'node:crypto';
import { htmlHasContent, type QuestionFields } from '@edu/contract';
import { invalidField } from '../../lib/api-error.js';
import { formatSentences, sanitizeQuestionHtml } from './question-html.js';
import { searchTextOf } from './questions.policy.js';
import type { QuestionChange } from './questions.repository.js';

const newSubId = () => randomBytes(6).toString('hex');
const cleanOptions = (options: readonly { key: string; content: string }[]) =>
  options.map((o) => ({ key: o.key, content: sanitizeQuestionHtml(o.content) }));

export function questionChange(f: QuestionFields): Required<QuestionChange> {
  const question = formatSentences(sanitizeQuestionHtml(f.question));
  if (!htmlHasContent(question) && f.title.trim() === '')
    throw invalidField('request.question', '题干清理不安全内容后为空，请输入题干');
  const options = cleanOptions(f.options);
  const questionSub = f.questionSub.map((s) => ({
    questionSubId: s.questionSubId ?? newSubId(),
    type: s.type,
    title: sanitizeQuestionHtml(s.title),
    desc: sanitizeQuestionHtml(s.desc),
    answer: s.answer,
    options: cleanOptions(s.options),
    status: s.status,
    ...(s.explanation !== undefined ? { explanation: sanitizeQuestionHtml(s.explanation) } : {}),
  }));
  return {
    type: f.type,
    judgeType: f.judgeType,
    title: f.title,
    question,
    explanation: sanitizeQuestionHtml(f.explanation),
    answer: f.answer,
    options,
    videos: f.videos.map((v) => (v.title ? { url: v.url, title: v.title } : { url: v.url })),
    questionSub,
    knowledgeCode: f.knowledgeId,
    subKnowledgePoints: [...new Set(f.subKnowledgePoints)],
    searchText: searchTextOf({ title: f.title, question, options, questionSub }),
  };
}
