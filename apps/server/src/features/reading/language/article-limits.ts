// The bounds of an article (docs/reading.md): checked before any language work, on the request's thread and in
// the language worker alike.
import { ApiError } from '../../../lib/api-error.js';

/** Articles are bounded by their text (docs/reading.md): longer ones are refused before any work. */
export const ARTICLE_TEXT_MAX = 20_000;
/** The HTML around that text (the question schema's rich-text bound). */
export const ARTICLE_HTML_MAX = 200_000;

/** An article too long to format or generate from; answered as `invalid_input` with its Chinese message. */
export class ArticleTooLongError extends ApiError {
  constructor(message = `文章过长：正文不超过 ${ARTICLE_TEXT_MAX} 个字符`) {
    super('invalid_input', message, { fields: [{ path: 'article', message }] });
    this.name = 'ArticleTooLongError';
  }
}
