// The language core of AI reading (docs/reading.md "Language data and formatting", "Offline generation"):
// levels, article formatting with out-of-scope words, and the offline sub-question generator. Formatting and
// generation use compromise and run in the language worker (./language-thread.ts); nothing exported here loads it.
export { READING_LEVELS, READING_LEVEL_NAMES, isReadingLevel, type ReadingLevel } from './levels.js';
export type { FormattedArticle, OutScopeWord, UnknownWord } from './format-article.js';
export { ArticleTooLongError, ARTICLE_TEXT_MAX } from './article-limits.js';
export type { GeneratedSubQuestion, OfflineOptions } from './offline/generate-offline.js';
export { formatArticleOffThread, generateOfflineOffThread } from './language-thread.js';
export { articlePlainText, decodeEntities } from './text.js';
export { examDictionary, type DictEntry } from './dictionary.js';
