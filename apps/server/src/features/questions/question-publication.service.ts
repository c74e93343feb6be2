// Public preview of questions: staff publish and withdraw their agency's questions; anyone reads a
// published one without answer and explanation; answers are judged for staff (everything shown) and, on
// published questions, for everyone (the verdict, and the answer only when the publisher opted in; the own
// access check of POST …/{id}/test). A question a switched-on paper names or a running training drew is not
// public meanwhile. Rules: question-publication.policy.ts, docs/question-bank.md "Public preview".
import {
  judgeQuestion,
  toStudentView,
  type JudgeResult,
  type QuestionPublication,
  type QuestionPublishRequest,
  type QuestionTestRequest,
  type StudentQuestion,
} from '@edu/contract';
import { conflict, loginRequired, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { publicResult } from './answer-visibility.js';
import type { PublicationRow, QuestionPublicationRepository } from './question-publication.repository.js';
import { publiclyShown, testAccess } from './question-publication.policy.js';
import { questionAccess } from './questions.policy.js';
import type { QuestionRow, QuestionsRepository } from './questions.repository.js';
import type { QuestionsService } from './questions.service.js';

/** One answer for unknown, foreign, archived and unpublished ids alike, so ids cannot be probed. */
export const NOT_PUBLIC = '该题目未公开或不存在';
const NOT_FOUND = '题目不存在';
const ARCHIVED = '该题目已删除（已归档），不能公开预览';

/** Who asks for a judgement, as the guards found them. */
export interface TestCaller {
  userId: number | null;
  /** X-Agency-Id when the user may act in it, else null. */
  agencyId: string | null;
  /** The user passes the route's staff roles in `agencyId`. */
  rulePassed: boolean;
}

/** What the answer test judged for: staff see everything; anyone else as the publication says. */
export interface Testable {
  row: QuestionRow;
  /** null for staff (everything shown); else the publication's option. */
  showAnswer: boolean | null;
}

function present(questionId: number, row: PublicationRow | undefined, shown: boolean): QuestionPublication {
  return row && shown
    ? {
        questionId: String(questionId),
        published: true,
        publishedAt: row.publishedAt.getTime(),
        publishedBy: row.publishedByName,
        showAnswer: row.showAnswer,
      }
    : { questionId: String(questionId), published: false, publishedAt: null, publishedBy: null, showAnswer: false };
}

export class QuestionPublicationService {
  constructor(
    private readonly repo: QuestionPublicationRepository,
    private readonly questions: QuestionsService,
    private readonly questionsRepo: QuestionsRepository,
    private readonly repositories: RepositoriesService,
    private readonly clock: Clock,
  ) {}

  /** Whether a question the agency sees (own or subscribed) is published; archived ones never are. */
  async status(agencyId: string, id: string): Promise<QuestionPublication> {
    const { row } = await this.questions.load(agencyId, id);
    const pub = await this.repo.get(row.id);
    return present(row.id, pub, publiclyShown(row, pub !== undefined));
  }

  /** Publishes one of the agency's own active questions (403 for a subscribed one, 404 for any other). */
  async publish(
    agencyId: string,
    id: string,
    userId: number,
    options: QuestionPublishRequest,
  ): Promise<QuestionPublication> {
    const row = await this.questions.loadOwned(agencyId, id);
    if (row.status !== 'active') throw conflict(ARCHIVED);
    await this.repo.publish({
      questionId: row.id,
      agencyId,
      userId,
      now: new Date(this.clock.now()),
      showAnswer: options.showAnswer,
    });
    return this.status(agencyId, id);
  }

  async withdraw(agencyId: string, id: string): Promise<QuestionPublication> {
    const row = await this.questions.loadOwned(agencyId, id);
    await this.repo.withdraw(row.id, agencyId);
    return present(row.id, undefined, false);
  }

  /** The published question (its latest version) as a student sees it; 404 for anything else. */
  async read(id: string): Promise<StudentQuestion> {
    const found = await this.publishedRow(parseNumericId(id));
    if (!found) throw notFound(NOT_PUBLIC);
    const [q] = await this.questions.present([found.row]);
    return toStudentView(q);
  }

  /** A question that is public now: published, active, and not held back by a paper or a running training. */
  private async publishedRow(n: number | null): Promise<{ row: QuestionRow; showAnswer: boolean } | undefined> {
    // The publication first: an unpublished id costs one primary-key lookup and never reads the question.
    const state = n === null ? undefined : await this.repo.publicState(n);
    if (n === null || !state || state.held) return undefined;
    const row = await this.questionsRepo.get(n);
    return row && publiclyShown(row, true) ? { row, showAnswer: state.showAnswer } : undefined;
  }

  /**
   * The own check of POST …/{id}/test, run before the body is read: the question when the caller may have
   * answers judged; else 401 for a visitor and 404 for a logged-in user. A published question held back by a
   * paper or a running training answers 404 to everyone but staff (it exists publicly, but not now).
   */
  async testable(caller: TestCaller, id: string): Promise<Testable> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.questionsRepo.get(n);
    const staffSees = row !== undefined && caller.rulePassed && (await this.agencySees(caller.agencyId, row));
    if (staffSees) return { row, showAnswer: null };
    const state = row !== undefined && row.status === 'active' ? await this.repo.publicState(row.id) : undefined;
    if (state?.held) throw notFound(NOT_PUBLIC);
    const published = row !== undefined && publiclyShown(row, state !== undefined);
    switch (testAccess({ loggedIn: caller.userId !== null, staffSees, published })) {
      case 'judge':
        return { row: row!, showAnswer: state?.showAnswer ?? false };
      case 'login':
        throw loginRequired();
      case 'hidden':
        throw notFound(NOT_FOUND);
    }
  }

  private async agencySees(agencyId: string | null, row: QuestionRow): Promise<boolean> {
    if (agencyId === null) return false;
    const subscribed = row.agencyId === agencyId ? [] : await this.repositories.subscribedIds(agencyId);
    return questionAccess(row, agencyId, subscribed) !== 'none';
  }

  /**
   * Judges with the contract's judge; nothing is stored. Staff get everything; anyone else the verdict and
   * score, with the standard answer and explanation only when the publisher opted in (answer-visibility.ts).
   */
  async judge(t: Testable, submission: QuestionTestRequest): Promise<JudgeResult> {
    const [q] = await this.questions.present([t.row]);
    const result = judgeQuestion(q, submission);
    return t.showAnswer === null ? result : publicResult(result, t.showAnswer);
  }
}
