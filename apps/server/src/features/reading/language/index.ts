// The language core of AI reading (docs/reading.md "Language data and formatting", "Offline generation"):
// levels, article formatting with out-of-scope words, and the offline sub-question generator.
export { READING_LEVELS, READING_LEVEL_NAMES, isReadingLevel, type ReadingLevel } from './levels.js';
export { formatArticle, type FormattedArticle, type OutScopeWord, type UnknownWord } from './format-article.js';
export { ArticleTooLongError, ARTICLE_TEXT_MAX } from './article-analysis.js';
export {
  generateOffline,
  OFFLINE_COUNT_MAX,
  type GeneratedSubQuestion,
  type OfflineOptions,
} from './offline/generate-offline.js';
export { articleSentences, articlePlainText, decodeEntities } from './text.js';
export { examDictionary, type DictEntry } from './dictionary.js';
