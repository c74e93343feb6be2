// Recitation texts (docs/recitation.md): a text split into sentences by the separators of docs/product.md §9, with
// stable sentence ids (`sentenceSpans`), and per sentence an optional image link `{ value, img, desc }`
// (docs/product.md §3 "Recitation sentence").
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';

export const RECITATION_TITLE_MAX = 100;
export const RECITATION_TEXT_MAX = 5000;
export const RECITATION_DESC_MAX = 200;
/** At most one image per sentence; a text of 5,000 characters has at most this many sentences worth linking. */
export const RECITATION_IMAGES_MAX = 100;
/** The prefix of sentence ids (`sentenceSpans(text, RECITATION_SENTENCE_PREFIX)`). */
export const RECITATION_SENTENCE_PREFIX = 's';

/** A stored file's URL as the files feature answers it (`/v1/files/{id}`). */
export const RECITATION_IMAGE_RE = /^\/v1\/files\/[A-Za-z0-9_-]{1,64}$/;

/** docs/product.md §3 image-to-sentence link: `value` the sentence id, `img` the stored image, `desc` its text. */
export const RecitationImageLink = z.object({
  value: z.string().min(1, '请选择句子').max(64),
  img: z.string().regex(RECITATION_IMAGE_RE, '图片必须是本平台上传的图片'),
  desc: z.string().trim().max(RECITATION_DESC_MAX, `图片说明不超过 ${RECITATION_DESC_MAX} 字`).default(''),
});
export type RecitationImageLink = z.infer<typeof RecitationImageLink>;

export const RecitationSentence = z.object({ id: z.string(), text: z.string() });
export type RecitationSentence = z.infer<typeof RecitationSentence>;

export const RecitationFields = z.object({
  title: z.string().trim().min(1, '请填写标题').max(RECITATION_TITLE_MAX, `标题不超过 ${RECITATION_TITLE_MAX} 字`),
  text: z.string().trim().min(1, '请填写背诵文本').max(RECITATION_TEXT_MAX, `文本不超过 ${RECITATION_TEXT_MAX} 字`),
  images: z.array(RecitationImageLink).max(RECITATION_IMAGES_MAX, `图片不超过 ${RECITATION_IMAGES_MAX} 张`).default([]),
});
export type RecitationFields = z.input<typeof RecitationFields>;

export const RecitationSummary = z.object({
  id: Id,
  title: z.string(),
  sentenceCount: z.number().int().min(0),
  imageCount: z.number().int().min(0),
  creatorName: z.string(),
  updatedAt: EpochMs,
});
export type RecitationSummary = z.infer<typeof RecitationSummary>;

export const Recitation = RecitationSummary.extend({
  text: z.string(),
  sentences: z.array(RecitationSentence),
  images: z.array(RecitationImageLink),
  createdAt: EpochMs,
});
export type Recitation = z.infer<typeof Recitation>;

/** Newest first; `keyword` searches the title and the text. */
export const RecitationListQuery = PageQuery.extend({
  size: z.coerce.number().int().min(1).max(50).default(20),
  keyword: z.string().trim().max(50, '关键词不超过 50 字').default(''),
});
export type RecitationListQuery = z.infer<typeof RecitationListQuery>;

export const RecitationPage = pageOf(RecitationSummary);
export type RecitationPage = z.infer<typeof RecitationPage>;
