// The answering steps of a reading question inside a training (docs/reading.md "Answering steps"; the answering
// step of docs/product.md §3, the step flow of docs/product.md §4). The training's current question is an enReading question; the student answers
// its asked sub-questions one at a time, each judged at once by the contract's reading judge on that one
// sub-question; the last step submits the collected sub-answers through the training's own answer path (a
// clientAnswerId derived from the process, so a retry cannot record twice): scores, the wrong-answer book, mastery
// and statistics see the answer as any other. A sub-question's key and explanation leave the server only when the
// training's answer-visibility rule (questions/answer-visibility.ts) lets an answer be shown.
import {
  isAskedSub,
  judgeEnReading,
  toStudentView,
  type Question,
  type QuestionSub,
  type ReadingProcess,
  type ReadingStepHistoryItem,
  type ReadingStepRequest,
  type SubJudgeResult,
  type Training,
} from '@edu/contract';
import { ApiError, conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { trainingAnswerMoment } from '../questions/answer-visibility.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { QuestionReads } from '../questions/question-reads.js';
import type { Trainee, TrainingService } from '../training/training.service.js';
import type { FormattedArticle } from '../reading/language/index.js';
import type { FeedbackModel } from './feedback-model.js';
import { articleOf, missingTerms, stepGlossary, stepOf, supportingSentence } from './step-feedback.js';
import type { ProcessRow, ReadingStepsRepository } from './reading-steps.repository.js';

/** Sub-questions a process walks through at most (docs/reading.md "Answering steps"). */
export const READING_STEPS_MAX = 50;
/** Concurrent requests on one process take turns; this many tries before giving up. */
const MAX_TRIES = 5;

const NOT_READING = '该阅读题不是本次训练的当前题目';

/** The clientAnswerId under which a process's round submits its sub-answers (8–64 characters). */
export const clientAnswerIdOf = (row: Pick<ProcessRow, 'id' | 'round'>) => `reading-step-${row.id}-${row.round}`;

const sameAnswer = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

interface Loaded {
  training: Training;
  trainingId: number;
  questionId: number;
  current: boolean;
  /** Another unfinished training of the student holds the question: its steps show nothing (training/sealing.ts). */
  sealedElsewhere: boolean;
}

export class ReadingStepsService {
  /** Set by services.ts: a translation's feedback written by the agency's model when one is configured. */
  feedbackModel?: FeedbackModel;

  constructor(
    private readonly repo: ReadingStepsRepository,
    private readonly training: TrainingService,
    private readonly questionsRepo: QuestionReads,
    private readonly questions: QuestionsService,
    private readonly clock: Clock,
  ) {}

  /** The training (the caller's own, else 404) and whether the question is its current one. */
  private async load(user: Trainee, trainId: string, questionId: string): Promise<Loaded> {
    const training = await this.training.get(user, trainId);
    const trainingId = parseNumericId(trainId)!;
    const qid = parseNumericId(questionId);
    if (qid === null) throw notFound(NOT_READING);
    const current = training.status === 'running' && training.question?.id === questionId;
    const sealedElsewhere = training.type !== 'paper' && (await this.training.sealedFor(user.id, trainingId, qid));
    return { training, trainingId, questionId: qid, current, sealedElsewhere };
  }

  /** The question in full (with keys: they stay here) and its asked sub-questions. */
  private async question(questionId: number): Promise<{ full: Question; asked: QuestionSub[] }> {
    const row = await this.questionsRepo.get(questionId);
    if (!row) throw notFound('题目不存在');
    const [full] = await this.questions.present([row]);
    if (full.type !== 'enReading') throw notFound(NOT_READING);
    return { full, asked: full.questionSub.filter(isAskedSub).slice(0, READING_STEPS_MAX) };
  }

  /** The process, created on first read while the question is current; a finished one restarts when asked again. */
  private async processRow(user: Trainee, at: Loaded, create: boolean): Promise<ProcessRow> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      let row = await this.repo.find(at.trainingId, at.questionId);
      if (!row) {
        if (!create || !at.current || at.training.question?.type !== 'enReading') throw notFound(NOT_READING);
        row = await this.repo.findOrCreate({
          trainingId: at.trainingId,
          questionId: at.questionId,
          userId: user.id,
          agencyId: user.agencyId,
          now: new Date(this.clock.now()),
        });
      }
      // Submitted and still the current question: asked again (judgeWay 'retry' after a wrong answer).
      if (row.recordId !== null && at.current) {
        await this.repo.restart(row, new Date(this.clock.now()));
        continue;
      }
      return row;
    }
    throw new ApiError('unavailable', '作答正忙，请稍后重试');
  }

  async process(user: Trainee, trainId: string, questionId: string): Promise<ReadingProcess> {
    const at = await this.load(user, trainId, questionId);
    let row = await this.processRow(user, at, true);
    const { full, asked } = await this.question(at.questionId);
    let training = at.training;
    // Every step answered but not yet submitted (the submission failed earlier): submit now, if it still can be.
    if (row.currentIndex >= asked.length && row.recordId === null && at.current) {
      try {
        ({ row, training } = await this.submit(user, trainId, row));
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'conflict') throw err;
      }
    }
    return this.view(row, full, asked, training, questionId, at.sealedElsewhere);
  }

  async step(user: Trainee, trainId: string, questionId: string, req: ReadingStepRequest): Promise<ReadingProcess> {
    const at = await this.load(user, trainId, questionId);
    const { full, asked } = await this.question(at.questionId);
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      let row = await this.processRow(user, at, false);
      if (String(row.id) !== req.processId) throw conflict('作答进度已更新，请刷新后继续');
      let training = at.training;
      const done = row.history.find((h) => h.questionSubId === req.questionSubId);
      if (done) {
        if (!sameAnswer(done.answer, req.answer)) throw conflict('该小题已作答，不能修改');
      } else {
        const expected = asked[row.currentIndex];
        if (!expected || expected.questionSubId !== req.questionSubId)
          throw conflict('这不是当前要回答的小题，请刷新后按顺序作答');
        if (!at.current)
          throw conflict(at.training.status === 'running' ? '该题已不是当前题目' : '训练已结束，不能再作答');
        const judged = judgeEnReading(
          { judgeType: full.judgeType, questionSub: [expected] },
          { subAnswers: { [expected.questionSubId]: req.answer } },
        ).subResults![0];
        const article = await articleOf(full.question, full.extra.outScopeWords);
        const written = await this.modelFeedback(user.agencyId, article, expected, req.answer, judged);
        const step = stepOf(article, expected, req.answer, judged, written);
        if (!(await this.repo.addStep(row, step, new Date(this.clock.now())))) continue;
        row = { ...row, history: [...row.history, step], currentIndex: row.currentIndex + 1 };
      }
      if (row.currentIndex >= asked.length && row.recordId === null)
        ({ row, training } = await this.submit(user, trainId, row));
      return this.view(row, full, asked, training, questionId, at.sealedElsewhere);
    }
    throw new ApiError('unavailable', '作答正忙，请稍后重试');
  }

  /** A translation's feedback written by the agency's model, when one is configured (else null: key terms). */
  private async modelFeedback(
    agencyId: string,
    article: FormattedArticle,
    sub: QuestionSub,
    answer: string[],
    judged: SubJudgeResult,
  ): Promise<string | null> {
    if (!this.feedbackModel || sub.type !== 'translation' || judged.pending) return null;
    const sentence = supportingSentence(article, sub);
    const glossary = stepGlossary(article, sub, sentence);
    return this.feedbackModel.translationFeedback(agencyId, {
      sentence: sentence?.text ?? (sub.desc || sub.title),
      answer: answer.join(' '),
      reference: sub.answer[0] ?? '',
      similarity: judged.similarity ?? 0,
      isCorrect: judged.isCorrect === true,
      missing: missingTerms(answer.join(' '), glossary),
    });
  }

  /** The collected sub-answers through the training's answer path: recorded once per round whatever the retries. */
  private async submit(user: Trainee, trainId: string, row: ProcessRow) {
    const subAnswers = Object.fromEntries(row.history.map((h) => [h.questionSubId, h.answer]));
    const r = await this.training.answer(user, trainId, {
      clientAnswerId: clientAnswerIdOf(row),
      questionId: String(row.questionId),
      answer: [],
      subAnswers,
    });
    const recordId = Number(r.recordId);
    await this.repo.setRecord(row.id, row.round, recordId, new Date(this.clock.now()));
    return { row: { ...row, recordId }, training: r.training };
  }

  /** The process as the student sees it: keys only of answered steps, and only once an answer may be shown. */
  private view(
    row: ProcessRow,
    full: Question,
    asked: QuestionSub[],
    training: Training,
    questionId: string,
    sealedElsewhere: boolean,
  ): ReadingProcess {
    const bySub = new Map(full.questionSub.map((s) => [s.questionSubId, s]));
    const current = row.currentIndex < asked.length ? asked[row.currentIndex] : null;
    const student = toStudentView(full);
    const stillCurrent = training.status === 'running' && training.question?.id === questionId;
    const history: ReadingStepHistoryItem[] = row.history.map((h) => {
      const sub = bySub.get(h.questionSubId);
      const moment = trainingAnswerMoment({
        paper: training.type === 'paper',
        sealedElsewhere,
        running: training.status === 'running',
        stillCurrent,
        isCorrect: h.isCorrect,
      });
      const shown = moment === 'due' && sub;
      return {
        questionSubId: h.questionSubId,
        type: sub?.type ?? 'singleChoice',
        title: sub?.title ?? '',
        answer: h.answer,
        // Sealed elsewhere: not even the verdict (its feedback may name the key).
        isCorrect: sealedElsewhere ? null : h.isCorrect,
        ...(h.similarity === undefined || sealedElsewhere ? {} : { similarity: h.similarity }),
        feedback: sealedElsewhere ? { text: '', evidenceSentenceId: null, glossary: [] } : h.feedback,
        standardAnswer: shown ? [...sub.answer] : [],
        explanation: shown ? (sub.explanation ?? '') : '',
      };
    });
    return {
      processId: String(row.id),
      questionSubId: current?.questionSubId ?? null,
      questionSub: current
        ? (student.questionSub.find((s) => s.questionSubId === current.questionSubId) ?? null)
        : null,
      historyQuestionSub: history,
      recordId: row.recordId === null ? null : String(row.recordId),
      question: {
        ...student,
        recordId: row.recordId === null ? null : String(row.recordId),
        extra: {
          ...student.extra,
          processId: String(row.id),
          ...(current ? { questionSubId: current.questionSubId } : {}),
        },
      },
      total: asked.length,
    };
  }
}
