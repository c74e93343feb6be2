// Pure helpers used on both sides (docs/product.md §5, §9). Rules and decisions: docs/helpers.md.
export * from './duration.js';
export * from './similarity.js';
export * from './sentences.js';
export * from './avatar.js';
export * from './not-found.js';
export * from './knowledge-range.js';
export * from './china-time.js';
export * from './translation-similarity.js';
