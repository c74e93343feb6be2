// The question bank: paged lists over knowledge subtrees, selector matching, reads (the agency's bank staff
// only), writes with sanitising and versioning, bulk moves. Answer tests and
// public preview: question-publication.service.ts.
import {
  type KpLevel,
  type Question,
  type QuestionCreate,
  type QuestionEditable,
  type QuestionExtra,
  type QuestionFields,
  type Selectors,
} from '@edu/contract';
import { forbidden, invalidField, invalidInput, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { normaliseTagNames } from '../tags/tags.policy.js';
import type { TagLinks } from '../tags/tag-links.js';
import { RawJson } from '../../lib/raw-json.js';
import { QuestionPageCache } from './question-page-cache.js';
import { questionChange } from './question-write.js';
import { editability, questionAccess, readsFullQuestion } from './questions.policy.js';
import type {
  QuestionFilter,
  QuestionOrder,
  QuestionRow,
  QuestionsRepository,
  Visibility,
} from './questions.repository.js';

const NOT_FOUND = '题目不存在';
const READ_ONLY = '该题目属于引用的共享题库，只能查看，不能修改';
type Page = { start: number; size: number };
type ListQuery = Page & { repoId?: string; type?: Question['type']; tag?: string; keyword?: string };
type ListBody = { knowledgeIds: string[]; orderBy: QuestionOrder };

function toWire(r: QuestionRow, tags: string[]): Question {
  return {
    id: String(r.id),
    recordId: null,
    version: r.version,
    type: r.type as Question['type'],
    judgeType: r.judgeType as Question['judgeType'],
    title: r.title,
    question: r.question,
    explanation: r.explanation,
    answer: r.answer,
    options: r.options,
    tags,
    videos: r.videos,
    extra: r.extra,
    knowledgePoint: r.kpName ? { code: r.knowledgeCode, name: r.kpName, lv: r.kpLv as KpLevel } : null,
    knowledgeId: r.knowledgeCode,
    questionSub: r.questionSub as unknown as Question['questionSub'],
    subKnowledgePoints: r.subKnowledgePoints,
    agencyId: r.agencyId,
    repoId: String(r.repoId),
    createTime: r.createdAt.getTime(),
    lastUpdate: r.updatedAt.getTime(),
  };
}

export class QuestionsService {
  constructor(
    private readonly repo: QuestionsRepository,
    private readonly repositories: RepositoriesService,
    private readonly tags: TagLinks,
    private readonly clock: Clock,
    private readonly pageCache: QuestionPageCache = new QuestionPageCache(0, clock),
  ) {}

  private async visibility(agencyId: string): Promise<Visibility> {
    return { agencyId, subscribedRepoIds: await this.repositories.subscribedIds(agencyId) };
  }

  /**
   * What the agency's question counts depend on, as one string: the repositories it subscribed to and the bank
   * version, which moves with every change an agency's question lists could show (one prepared statement). Equal
   * strings, equal counts (knowledge.service.ts keeps the spec's knowledge list by it).
   */
  async countsKey(agencyId: string): Promise<string> {
    const v = await this.visibility(agencyId);
    return `${v.subscribedRepoIds.join(',')}:${await this.repo.bankVersion(v)}`;
  }

  /** Rows as the wire's questions (the rows carry their tag names). */
  present(rows: QuestionRow[]): Promise<Question[]> {
    return Promise.resolve(rows.map((r) => toWire(r, r.tagNames)));
  }

  /** The question and how the agency relates to it; 404 when it cannot see it. */
  async load(agencyId: string, id: string) {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.get(n);
    const access = questionAccess(row, agencyId, row ? await this.repositories.subscribedIds(agencyId) : []);
    if (!row || access === 'none') throw notFound(NOT_FOUND);
    return { row, access };
  }

  /** The agency's own question, for writes: 404 when it cannot see it, 403 when it reads it by reference. */
  async loadOwned(agencyId: string, id: string): Promise<QuestionRow> {
    const { row, access } = await this.load(agencyId, id);
    if (access !== 'owned') throw forbidden(READ_ONLY);
    return row;
  }

  /** The list's filter; 404 for a repository the agency cannot see. */
  private async listFilter(agencyId: string, query: ListQuery, body: ListBody): Promise<QuestionFilter> {
    const filter: QuestionFilter = {
      type: query.type,
      tags: query.tag ? [query.tag] : undefined,
      keyword: query.keyword || undefined,
      knowledgeIds: body.knowledgeIds,
    };
    if (query.repoId !== undefined) {
      const { access } = await this.repositories.access(agencyId, query.repoId);
      if (access === 'none') throw notFound('题库不存在');
      filter.repoId = Number(query.repoId);
    }
    return filter;
  }

  /** A page of the list as data (export reads it in large pages; they are not cached). */
  async list(agencyId: string, query: ListQuery, body: ListBody) {
    const filter = await this.listFilter(agencyId, query, body);
    const { total, rows } = await this.repo.page(await this.visibility(agencyId), filter, body.orderBy, query);
    return { total, list: await this.present(rows) };
  }

  /** A page of the list as the route answers it: through the page cache. */
  async listServed(agencyId: string, query: ListQuery, body: ListBody): Promise<RawJson> {
    const filter = await this.listFilter(agencyId, query, body);
    return this.cachedPage(await this.visibility(agencyId), filter, body.orderBy, query);
  }

  /** A page as served: from the page cache while the bank version stands (question-page-cache.ts). */
  private cachedPage(v: Visibility, filter: QuestionFilter, order: QuestionOrder, page: Page): Promise<RawJson> {
    const key = JSON.stringify([v, filter, order, page.start, page.size]);
    return this.pageCache.page(
      key,
      () => this.repo.bankVersion(v),
      async () => {
        const { total, rows, bankVersion } = await this.repo.page(v, filter, order, page);
        return { value: { total, list: await this.present(rows) }, bankVersion };
      },
    );
  }

  /** The questions a practice point draws from: in the knowledge subtrees, of the types, with any of the tags. */
  async match(
    agencyId: string,
    page: Page,
    body: { selectors: Selectors; knowledgeIds: string[]; autoJudged?: boolean },
  ) {
    const { selectors, knowledgeIds } = body;
    const filter: QuestionFilter = {
      types: selectors.types?.length ? selectors.types : undefined,
      tags: selectors.tags?.length ? selectors.tags : undefined,
      knowledgeIds,
      ...(body.autoJudged ? { autoJudged: true } : {}),
    };
    const v = await this.visibility(agencyId);
    if (selectors.questionIds?.length) {
      // A fixed list: in the order given (unknown and foreign ids are left out).
      const ids = selectors.questionIds.map(parseNumericId).filter((n): n is number => n !== null);
      const rows = await this.repo.byIds(v, { ...filter, ids });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = [...new Set(ids)].map((id) => byId.get(id)).filter((r): r is QuestionRow => r !== undefined);
      return { total: ordered.length, list: await this.present(ordered.slice(page.start, page.start + page.size)) };
    }
    return this.cachedPage(v, filter, '-lastUpdate', { start: page.start, size: page.size });
  }

  /**
   * A question for the agency's bank staff (decided by their roles in the agency in context). Anyone else —
   * a student, a parent, staff of another agency naming this one — gets the 404 of an unknown id: a student
   * reads questions only through their own trainings, and a published question through its public page
   * (docs/question-bank.md "Who reads a question").
   */
  async get(agencyId: string, id: string, roles: readonly string[]): Promise<Question> {
    if (!readsFullQuestion(roles, agencyId)) throw notFound(NOT_FOUND);
    const { row } = await this.load(agencyId, id);
    const [q] = await this.present([row]);
    return q;
  }

  async editable(agencyId: string, id: string): Promise<QuestionEditable> {
    const { row, access } = await this.load(agencyId, id);
    return editability(access, await this.repo.recordCount(row.id, row.version), row.version);
  }

  private async checkKnowledge(f: QuestionFields) {
    const codes = [f.knowledgeId, ...f.subKnowledgePoints];
    const known = await this.repo.existingKnowledgeCodes(codes);
    const fields = [];
    if (!known.has(f.knowledgeId)) fields.push({ path: 'request.knowledgeId', message: '知识点不存在' });
    f.subKnowledgePoints.forEach((c, i) => {
      if (!known.has(c)) fields.push({ path: `request.subKnowledgePoints.${i}`, message: '关联知识点不存在' });
    });
    if (fields.length) throw invalidInput(fields);
  }

  private tagIds(agencyId: string, names: string[]) {
    const wanted = normaliseTagNames(names);
    return (tx: Parameters<TagLinks['idsForNames']>[2]) => this.tags.idsForNames(agencyId, wanted, tx);
  }

  async create(agencyId: string, input: QuestionCreate): Promise<Question> {
    const repo = await this.repositories.writable(agencyId, input.repoId);
    await this.checkKnowledge(input);
    const change = questionChange(input);
    const now = new Date(this.clock.now());
    const id = await this.repo.insert(
      {
        ...change,
        type: input.type,
        judgeType: input.judgeType,
        knowledgeCode: input.knowledgeId,
        agencyId,
        repoId: repo.id,
        version: 1,
        extra: {},
        createdAt: now,
        updatedAt: now,
      },
      this.tagIds(agencyId, input.tags),
      (qid, tagIds, tx) => this.tags.setQuestionTags(qid, tagIds, tx),
    );
    return this.getFull(id);
  }

  private async getFull(id: number): Promise<Question> {
    const row = await this.repo.get(id);
    if (!row) throw notFound(NOT_FOUND);
    const [q] = await this.present([row]);
    return q;
  }

  /**
   * Saves an edit; once the current version has answer records, the old one is kept and the version moves on.
   * `extra` (server-computed, e.g. the reading generation's outScopeWords) replaces the stored extras when given.
   */
  async update(agencyId: string, id: string, input: QuestionFields, extra?: QuestionExtra): Promise<Question> {
    const row = await this.loadOwned(agencyId, id);
    await this.checkKnowledge(input);
    const change = { ...questionChange(input), ...(extra ? { extra } : {}) };
    const records = await this.repo.recordCount(row.id, row.version);
    const versioning =
      records > 0
        ? { version: row.version, snapshot: (await this.present([row]))[0] as Record<string, unknown> }
        : null;
    const ok = await this.repo.update(
      row.id,
      agencyId,
      change,
      new Date(this.clock.now()),
      versioning,
      this.tagIds(agencyId, input.tags),
      (qid, tagIds, tx) => this.tags.setQuestionTags(qid, tagIds, tx),
    );
    if (!ok) throw notFound(NOT_FOUND);
    return this.getFull(row.id);
  }

  async remove(agencyId: string, id: string): Promise<null> {
    const row = await this.loadOwned(agencyId, id);
    const r = await this.repo.deleteOrArchive(row.id, agencyId, new Date(this.clock.now()));
    if (r === 'not_found') throw notFound(NOT_FOUND);
    return null;
  }

  /** Moves the agency's own questions to a knowledge point and/or one of its repositories. */
  async move(agencyId: string, input: { ids: string[]; knowledgeId?: string; repoId?: string }) {
    if (input.knowledgeId === undefined && input.repoId === undefined)
      throw invalidField('request.knowledgeId', '请选择目标知识点或目标题库');
    const ids = [...new Set(input.ids)].map(parseNumericId);
    if (ids.some((n) => n === null)) throw notFound('部分题目不存在或不属于本机构');
    const numeric = ids as number[];
    if ((await this.repo.countOwned(agencyId, numeric)) !== numeric.length)
      throw notFound('部分题目不存在或不属于本机构');
    const to: { knowledgeCode?: string; repoId?: number } = {};
    if (input.knowledgeId !== undefined) {
      if (!(await this.repo.existingKnowledgeCodes([input.knowledgeId])).has(input.knowledgeId))
        throw invalidField('request.knowledgeId', '知识点不存在');
      to.knowledgeCode = input.knowledgeId;
    }
    if (input.repoId !== undefined) to.repoId = (await this.repositories.writable(agencyId, input.repoId)).id;
    return { moved: await this.repo.move(agencyId, numeric, to, new Date(this.clock.now())) };
  }
}
