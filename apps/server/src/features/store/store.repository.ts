// SQL of the store (docs/store.md): shared repositories of both kinds with their owner, subject, grade, count and
// whether the agency in context subscribes; the content of one for a preview; withdrawal and restoring.
import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notPendingImport } from '../../db/pending-imports.js';
import {
  agencies,
  grades,
  knowledgePoints,
  questionRepos,
  questions,
  repoSubscriptions,
  schemes,
  subjects,
  trainRepoSubscriptions,
  trainRepos,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { activeCount } from '../repositories/repositories.sql.js';
import { notGraphPractice, schemeCount } from '../schemes/train-repos.sql.js';
import type { StoreKind } from '@edu/contract';
import type { RepoKindRow } from '../../db/repository-kind.js';

const KINDS = {
  question: { repos: questionRepos, subscriptions: repoSubscriptions, itemCount: activeCount },
  train: { repos: trainRepos, subscriptions: trainRepoSubscriptions, itemCount: schemeCount },
} as const;

/** A repository as the store lists it: the repository's own row with its dictionary names and the viewer's 已引用. */
export interface StoreRow extends Omit<RepoKindRow, 'createdAt'> {
  subjectName: string | null;
  gradeName: string | null;
  subscribed: boolean;
}

export interface StoreFilter {
  keyword?: string;
  subjectId?: string;
  gradeId?: string;
  start: number;
  size: number;
}

/** Who is looking: an agency sees other agencies' repositories in the store; the platform admin every shared or withdrawn one. */
export type StoreViewer = { agencyId: string } | { admin: true; withdrawn: 'all' | 'yes' | 'no' };

type Page = { start: number; size: number };

export class StoreRepository {
  constructor(private readonly db: Db) {}

  private columns(kind: StoreKind, agencyId: string | null) {
    const { repos: r, subscriptions: rs, itemCount } = KINDS[kind];
    const subscribed = agencyId
      ? sql<boolean>`exists (select 1 from ${rs} where ${rs.repoId} = ${r.id} and ${rs.agencyId} = ${agencyId})`
      : sql<boolean>`false`;
    return {
      id: r.id,
      agencyId: r.agencyId,
      agencyName: agencies.name,
      name: r.name,
      description: r.description,
      shared: r.shared,
      subjectId: r.subjectId,
      subjectName: subjects.name,
      gradeId: r.gradeId,
      gradeName: grades.name,
      itemCount,
      subscribed,
      withdrawnAt: r.withdrawnAt,
      withdrawnReason: r.withdrawnReason,
      updatedAt: r.updatedAt,
    };
  }

  private select(kind: StoreKind, agencyId: string | null) {
    const r = KINDS[kind].repos;
    return this.db
      .select(this.columns(kind, agencyId))
      .from(r)
      .innerJoin(agencies, eq(agencies.id, r.agencyId))
      .leftJoin(subjects, eq(subjects.id, r.subjectId))
      .leftJoin(grades, eq(grades.id, r.gradeId));
  }

  /** One page of the store as the viewer sees it, oldest first, and how many match. */
  async list(kind: StoreKind, viewer: StoreViewer, f: StoreFilter) {
    const r = KINDS[kind].repos;
    const seen: SQL | undefined =
      'agencyId' in viewer
        ? and(eq(r.shared, true), isNull(r.withdrawnAt), ne(r.agencyId, viewer.agencyId))
        : and(
            or(eq(r.shared, true), isNotNull(r.withdrawnAt)),
            viewer.withdrawn === 'yes' ? isNotNull(r.withdrawnAt) : undefined,
            viewer.withdrawn === 'no' ? and(isNull(r.withdrawnAt), eq(r.shared, true)) : undefined,
          );
    const p = f.keyword ? containsPattern(f.keyword) : undefined;
    const where = and(
      seen,
      p ? or(ilike(r.name, p), ilike(r.description, p), ilike(agencies.name, p)) : undefined,
      f.subjectId ? eq(r.subjectId, f.subjectId) : undefined,
      f.gradeId ? eq(r.gradeId, f.gradeId) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.select(kind, 'agencyId' in viewer ? viewer.agencyId : null)
        .where(where)
        .orderBy(asc(r.id))
        .offset(f.start)
        .limit(f.size),
      this.db.select({ n: count() }).from(r).innerJoin(agencies, eq(agencies.id, r.agencyId)).where(where),
    ]);
    return { total: total?.n ?? 0, rows: rows as StoreRow[] };
  }

  /** One repository with the store's columns (any owner, any state), or undefined. */
  async get(kind: StoreKind, id: number, agencyId: string | null): Promise<StoreRow | undefined> {
    const r = KINDS[kind].repos;
    const [row] = await this.select(kind, agencyId).where(eq(r.id, id));
    return row;
  }

  /** The active questions of a repository, in creation order. */
  async questions(repoId: number, page: Page) {
    const where = and(eq(questions.repoId, repoId), eq(questions.status, 'active'), notPendingImport);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: questions.id,
          type: questions.type,
          title: questions.title,
          question: questions.question,
          options: questions.options,
          answer: questions.answer,
          explanation: questions.explanation,
          subCount: sql<number>`jsonb_array_length(${questions.questionSub})::int`,
          knowledgeName: knowledgePoints.name,
        })
        .from(questions)
        .leftJoin(knowledgePoints, eq(knowledgePoints.code, questions.knowledgeCode))
        .where(where)
        .orderBy(asc(questions.id))
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(questions).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  /** The schemes of a train repository (not graph practice's system schemes), in creation order. */
  async schemes(repoId: number, page: Page) {
    const where = and(eq(schemes.trainRepoId, repoId), notGraphPractice);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: schemes.id,
          title: schemes.title,
          type: schemes.type,
          phaseCount: sql<number>`jsonb_array_length(${schemes.phases})::int`,
          updatedAt: schemes.updatedAt,
        })
        .from(schemes)
        .where(where)
        .orderBy(asc(schemes.id))
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(schemes).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  /** Sets or clears the withdrawal; the repository's own `updated_at` stays (the owner did not edit it). */
  async setWithdrawal(
    kind: StoreKind,
    id: number,
    withdrawal: { at: Date; reason: string; by: number } | null,
  ): Promise<void> {
    const r = KINDS[kind].repos;
    await this.db
      .update(r)
      .set({
        withdrawnAt: withdrawal?.at ?? null,
        withdrawnReason: withdrawal?.reason ?? null,
        withdrawnBy: withdrawal?.by ?? null,
      })
      .where(eq(r.id, id));
  }
}
