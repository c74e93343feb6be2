// Hand-over of an unsaved question from the editor's 预览 button to /public/question/preview: localStorage of
// this browser only (a tab opened with noopener gets no copy of sessionStorage); nothing goes to the server.
import type { PreviewQuestion } from './QuestionView';

export const PREVIEW_KEY = 'edu.questionPreview';

export function storePreview(q: PreviewQuestion, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PREVIEW_KEY, JSON.stringify(q));
}

/** The handed-over question, or null when there is none or it is not a question. */
export function readPreview(storage: Pick<Storage, 'getItem'> = localStorage): PreviewQuestion | null {
  try {
    const raw = storage.getItem(PREVIEW_KEY);
    if (!raw) return null;
    const q = JSON.parse(raw) as Partial<PreviewQuestion> | null;
    if (!q || typeof q.type !== 'string' || typeof q.question !== 'string') return null;
    return {
      type: q.type,
      judgeType: q.judgeType ?? 'auto',
      title: q.title ?? '',
      question: q.question,
      options: Array.isArray(q.options) ? q.options : [],
      videos: Array.isArray(q.videos) ? q.videos : [],
      answer: Array.isArray(q.answer) ? q.answer : [],
      explanation: q.explanation ?? '',
      tags: Array.isArray(q.tags) ? q.tags : [],
      questionSub: Array.isArray(q.questionSub) ? q.questionSub : [],
    };
  } catch {
    return null;
  }
}
