// Recitation texts (docs/recitation.md): sentences by `sentenceSpans` (docs/product.md §9 separators, ids stable
// when other sentences change), image links checked against the sentences and the agency's uploads. A text of
// another agency, or an id that names no row, answers 404.
import {
  RECITATION_SENTENCE_PREFIX,
  sentenceSpans,
  type Recitation,
  type RecitationFields,
  type RecitationListQuery,
  type RecitationPage,
  type RecitationSummary,
  type FieldError,
} from '@edu/contract';
import { invalidInput, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { RecitationRepository, RecitationRow } from './recitation.repository.js';

const NOT_FOUND = '背诵文本不存在';
const FILE_URL_PREFIX = '/v1/files/';

const spansOf = (text: string) => sentenceSpans(text, RECITATION_SENTENCE_PREFIX);

function summaryOf(r: RecitationRow): RecitationSummary {
  return {
    id: String(r.id),
    title: r.title,
    sentenceCount: spansOf(r.text).length,
    imageCount: r.images.length,
    creatorName: r.creatorName ?? '',
    updatedAt: r.updatedAt.getTime(),
  };
}

function toWire(r: RecitationRow): Recitation {
  return {
    ...summaryOf(r),
    text: r.text,
    sentences: spansOf(r.text),
    images: r.images,
    createdAt: r.createdAt.getTime(),
  };
}

export class RecitationService {
  constructor(
    private readonly repo: RecitationRepository,
    private readonly clock: Clock,
  ) {}

  async list(agencyId: string, q: RecitationListQuery): Promise<RecitationPage> {
    const { total, rows } = await this.repo.page(agencyId, q.keyword, q);
    return { total, list: rows.map(summaryOf) };
  }

  async get(agencyId: string, id: string): Promise<Recitation> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(agencyId, n);
    if (!row) throw notFound(NOT_FOUND);
    return toWire(row);
  }

  async create(agencyId: string, userId: number, f: RecitationFields): Promise<Recitation> {
    const w = await this.checked(agencyId, f);
    const id = await this.repo.insert(agencyId, userId, w, new Date(this.clock.now()));
    return this.get(agencyId, String(id));
  }

  async update(agencyId: string, id: string, f: RecitationFields): Promise<Recitation> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.get(agencyId, n))) throw notFound(NOT_FOUND);
    const w = await this.checked(agencyId, f);
    if (!(await this.repo.update(agencyId, n, w, new Date(this.clock.now())))) throw notFound(NOT_FOUND);
    return this.get(agencyId, id);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.delete(agencyId, n))) throw notFound(NOT_FOUND);
    return null;
  }

  /**
   * Every link names a sentence of the text (at most one image per sentence) and an image uploaded in this
   * agency; the errors name the link's field (`request.images.N.value` / `.img`).
   */
  private async checked(agencyId: string, f: RecitationFields) {
    const title = f.title.trim();
    const text = f.text.trim();
    const images = (f.images ?? []).map((l) => ({ value: l.value, img: l.img, desc: (l.desc ?? '').trim() }));
    const ids = new Set(spansOf(text).map((s) => s.id));
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    images.forEach((l, i) => {
      if (!ids.has(l.value)) errors.push({ path: `request.images.${i}.value`, message: '配图所属的句子不在文本中' });
      else if (seen.has(l.value)) errors.push({ path: `request.images.${i}.value`, message: '一个句子只能配一张图片' });
      seen.add(l.value);
    });
    const fileIds = images.map((l) => l.img.slice(FILE_URL_PREFIX.length));
    const own = await this.repo.agencyFiles(agencyId, [...new Set(fileIds)]);
    fileIds.forEach((fid, i) => {
      if (!own.has(fid)) errors.push({ path: `request.images.${i}.img`, message: '图片不存在或不属于本机构' });
    });
    if (errors.length > 0) throw invalidInput(errors);
    return { title, text, images };
  }
}
