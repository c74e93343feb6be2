// The question types as a plain list, without zod: a page that only names or orders the types (the web's
// labels) imports this much and not the schemas (docs/performance.md "Bundle"). question-kinds.ts re-exports it.
export const QUESTION_TYPES = [
  'singleChoice',
  'multipleChoice',
  'trueFalse',
  'fillBlank',
  'shortAnswer',
  'translation',
  'enReading',
] as const;
