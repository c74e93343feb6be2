// The app's services, wired once per app: repositories get the database, services get repositories.
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Redis } from 'ioredis';
import { AgencyRepository } from './features/agency/agency.repository.js';
import { AgencyService } from './features/agency/agency.service.js';
import { AgencyAdminsRepository } from './features/agency/agency-admins.repository.js';
import { AgencyAdminsService } from './features/agency/agency-admins.service.js';
import { AuthRepository } from './features/auth/auth.repository.js';
import { AuthService } from './features/auth/auth.service.js';
import {
  memoryLoginLimiter,
  MemoryFailureStore,
  ThrottlingLoginLimiter,
  type LoginLimiter,
} from './features/auth/login-limiter.js';
import { FallbackFailureStore } from './features/auth/fallback-failure-store.js';
import type { RedisFailureLog } from './lib/redis.js';
import { RedisFailureStore } from './features/auth/redis-failure-store.js';
import { FilesRepository } from './features/files/files.repository.js';
import { FilesService } from './features/files/files.service.js';
import { FilesSweep } from './features/files/files-sweep.js';
import { GeneralRepository } from './features/general/general.repository.js';
import { GeneralService } from './features/general/general.service.js';
import { KnowledgeRepository } from './features/knowledge/knowledge.repository.js';
import { KnowledgeService } from './features/knowledge/knowledge.service.js';
import { QuestionPublicationRepository } from './features/questions/question-publication.repository.js';
import { QuestionPublicationService } from './features/questions/question-publication.service.js';
import { QuestionsRepository } from './features/questions/questions.repository.js';
import { QuestionPageCache } from './features/questions/question-page-cache.js';
import { QuestionsService } from './features/questions/questions.service.js';
import { RepositoriesRepository } from './features/repositories/repositories.repository.js';
import { RepositoriesService } from './features/repositories/repositories.service.js';
import { SchemeChecks } from './features/schemes/scheme-checks.js';
import { SchemesRepository } from './features/schemes/schemes.repository.js';
import { SchemesService } from './features/schemes/schemes.service.js';
import { SchemeSimulationService } from './features/simulation/dry-run-job.js';
import { TrainReposRepository } from './features/schemes/train-repos.repository.js';
import { TrainReposService } from './features/schemes/train-repos.service.js';
import { TrainingCommentsRepository } from './features/training-comments/training-comments.repository.js';
import { TrainingCommentsService } from './features/training-comments/training-comments.service.js';
import { TrainingDraws } from './features/training/training-draw.js';
import { SealedQuestions } from './features/training/sealing.js';
import { SealingRepository } from './features/training/sealing.repository.js';
import { Corrections } from './features/training/corrections.js';
import { CorrectionsRepository } from './features/training/corrections.repository.js';
import { TrainingSweep } from './features/training/training-sweep.js';
import { TaskRetime } from './features/training/task-retime.js';
import { TrainingRepository } from './features/training/training.repository.js';
import { PaperViews } from './features/training/paper-views.js';
import { AnsweringCache } from './features/training/answering-cache.js';
import { TrainingService } from './features/training/training.service.js';
import { SchemeStatsRepository } from './features/scheme-stats/scheme-stats.repository.js';
import { SchemeStatsService } from './features/scheme-stats/scheme-stats.service.js';
import { TagsRepository } from './features/tags/tags.repository.js';
import { TagsService } from './features/tags/tags.service.js';
import { TransferRepository } from './features/transfer/transfer.repository.js';
import { TransferService } from './features/transfer/transfer.service.js';
import { EnrolmentService } from './features/enrolment/enrolment.service.js';
import { createLeaving } from './features/leaving/leaving.wiring.js';
import { InvitationsRepository } from './features/invitations/invitations.repository.js';
import { InvitationsService } from './features/invitations/invitations.service.js';
import { JobQueue } from './jobs/job-queue.js';
import { WrongBookRepository } from './features/wrong-book/wrong-book.repository.js';
import { WrongBookService } from './features/wrong-book/wrong-book.service.js';
import { MasteryRepository } from './features/mastery/mastery.repository.js';
import { MasteryService } from './features/mastery/mastery.service.js';
import { createParentsService } from './features/parents/parents.wiring.js';
import { ParentsBulkService } from './features/parents/parents-bulk.service.js';
import { ParentsRepository } from './features/parents/parents.repository.js';
import { MarkingRepository } from './features/marking/marking.repository.js';
import { MarkingService } from './features/marking/marking.service.js';
import { ClassesRepository } from './features/classes/classes.repository.js';
import { ClassesService } from './features/classes/classes.service.js';
import { StudentRecords } from './features/classes/student-records.js';
import { UsersRepository } from './features/users/users.repository.js';
import { UsersService } from './features/users/users.service.js';
import { UsersBulkService } from './features/users/users-bulk.service.js';
import { TasksRepository } from './features/tasks/tasks.repository.js';
import { TasksService } from './features/tasks/tasks.service.js';
import { GradebookRepository } from './features/gradebook/gradebook.repository.js';
import { GradebookService } from './features/gradebook/gradebook.service.js';
import { StudentHomeRepository } from './features/student-home/student-home.repository.js';
import { StudentHomeService } from './features/student-home/student-home.service.js';
import { NoticesRepository } from './features/notices/notices.repository.js';
import { NoticesService } from './features/notices/notices.service.js';
import { RecitationRepository } from './features/recitation/recitation.repository.js';
import { RecitationService } from './features/recitation/recitation.service.js';
import { ReadingRepository } from './features/reading/reading.repository.js';
import { ReadingService } from './features/reading/reading.service.js';
import { ReadingStepsRepository } from './features/reading-steps/reading-steps.repository.js';
import { ReadingStepsService } from './features/reading-steps/reading-steps.service.js';
import { FeedbackModel } from './features/reading-steps/feedback-model.js';
import { KnowledgeGraphRepository } from './features/knowledge-graph/knowledge-graph.repository.js';
import { KnowledgeGraphService } from './features/knowledge-graph/knowledge-graph.service.js';
import { StoreRepository } from './features/store/store.repository.js';
import { StoreService } from './features/store/store.service.js';
import { LessonAccess } from './features/lessons/lesson-access.js';
import { LessonsRepository } from './features/lessons/lessons.repository.js';
import { LessonsService } from './features/lessons/lessons.service.js';
import { LessonsLiveRepository } from './features/lessons-live/lessons-live.repository.js';
import { LessonsLiveService } from './features/lessons-live/lessons-live.service.js';
import { LessonEngineService } from './features/lesson-engine/lesson-engine.service.js';
import { LessonTrainings } from './features/training/lesson-training.js';
import { PlacementRepository } from './features/placement/placement.repository.js';
import { PlacementService } from './features/placement/placement.service.js';
import { FsrsFitRepository } from './features/fsrs-fit/fsrs-fit.repository.js';
import { FsrsFitService } from './features/fsrs-fit/fsrs-fit.service.js';
import { AbilityRepository } from './features/ability/ability.repository.js';
import { AbilityService } from './features/ability/ability.service.js';

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Replaceable (tests); else kept in Redis when there is one, in memory otherwise. */
  loginLimiter?: LoginLimiter;
  /** The shared Redis (REDIS_URL), when configured, and where its failures are reported. */
  redis?: { client: Redis; failures: RedisFailureLog };
}

export function createServices({ db, config, clock, loginLimiter, redis: shared }: ServiceDeps) {
  const general = new GeneralService(new GeneralRepository(db));
  const files = new FilesService(new FilesRepository(db), clock, config.files);
  const tagsRepo = new TagsRepository(db);
  const tags = new TagsService(tagsRepo);
  const repositories = new RepositoriesService(new RepositoriesRepository(db), clock, config.readCacheSeconds);
  const questionsRepo = new QuestionsRepository(db, {
    clock,
    maxLists: config.listCacheEntries,
    maxIds: config.listCacheMaxIds,
  });
  const pageCache = new QuestionPageCache(config.pageCacheBytes, clock);
  const questions = new QuestionsService(questionsRepo, repositories, tagsRepo, clock, pageCache);
  const publication = new QuestionPublicationService(
    new QuestionPublicationRepository(db),
    questions,
    questionsRepo,
    repositories,
    clock,
  );
  // Background jobs (docs/jobs.md): PGlite is this process's own database, so what it ran before is over.
  const jobs = new JobQueue(db, clock, {
    soleNode: !config.databaseUrl,
    filesDir: config.jobs.filesDir,
    retentionMs: config.jobs.retentionMs,
  });
  const transfer = new TransferService(
    jobs,
    new TransferRepository(db, tagsRepo),
    questions,
    questionsRepo,
    repositories,
    config.transfer,
    clock,
    (err) => jobs.onError(err),
  );
  const trainRepos = new TrainReposService(new TrainReposRepository(db), clock, config.readCacheSeconds);
  const schemes = new SchemesService(
    new SchemesRepository(db),
    trainRepos,
    new SchemeChecks(questionsRepo, repositories),
    clock,
  );
  const trainingRepo = new TrainingRepository(db, config.answeringCopies);
  // Ability-matched draws (docs/practice-engine.md "Draw modes"): the nightly calibration and the draw mode `ability`.
  const ability = new AbilityService(new AbilityRepository(db), jobs, clock, config.abilityCalibration);
  const sealing = new SealedQuestions(new SealingRepository(db), () => clock.now());
  // A paper's review options (docs/practice-engine.md "Review options"): when finishers see its corrections.
  const corrections = new Corrections(new CorrectionsRepository(db), () => clock.now());
  const training = new TrainingService(
    trainingRepo,
    schemes,
    new TrainingDraws(questionsRepo, trainingRepo, ability),
    questions,
    questionsRepo,
    repositories,
    clock,
    sealing,
    corrections,
  );
  // Whose records staff read (docs/classes.md "Whose records a teacher reads"): every route showing a student's
  // trainings, reports, answers, comments or per-student statistics asks it.
  const studentRecords = new StudentRecords(db);
  training.readers = studentRecords;
  training.answering = new AnsweringCache(config.answeringCopies);
  training.paperViews = new PaperViews(config.paperViews);
  // A new agency starts with a default question repository, its system tags and a default train repository.
  const agencyRepo = new AgencyRepository(db);
  const agency = new AgencyService(agencyRepo, files, clock, async (agencyId) => {
    await repositories.createDefault(agencyId);
    await tagsRepo.ensureSystemTags(agencyId);
    await trainRepos.createDefault(agencyId);
  });
  const limiter =
    loginLimiter ??
    (shared
      ? new ThrottlingLoginLimiter(config.login, sharedFailureStore(shared, config.redisKeyPrefix), clock)
      : memoryLoginLimiter(config.login, clock));
  const auth = new AuthService(new AuthRepository(db), agency, limiter, config, clock);
  const knowledge = new KnowledgeService(new KnowledgeRepository(db), clock, config.readCacheSeconds, (agencyId) =>
    questions.countsKey(agencyId),
  );
  const wrongBook = new WrongBookService(
    new WrongBookRepository(db),
    questions,
    questionsRepo,
    repositories,
    clock,
    sealing,
    corrections,
  );
  // FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the book schedules with an adopted fit.
  const fsrsFit = new FsrsFitService(new FsrsFitRepository(db), jobs, clock, config.fsrsFit);
  wrongBook.fsrsParameters = fsrsFit;
  const mastery = new MasteryService(new MasteryRepository(db));
  // In-app notices (docs/notices.md): tasks, marking and parents call its hooks.
  const notices = new NoticesService(new NoticesRepository(db), clock, config.notices);
  // Tasks sit above trainings: papers given through a task are reachable only through it (docs/tasks.md).
  const tasks = new TasksService(new TasksRepository(db), schemes, training, clock);
  training.taskPapers = tasks;
  tasks.notices = notices;
  tasks.retime = new TaskRetime(trainingRepo, clock);
  const lessonAccess = new LessonAccess(db, (user, agencyId) => agency.mayActIn(user, agencyId));
  const graphRepo = new KnowledgeGraphRepository(db);
  const knowledgeGraph = new KnowledgeGraphService(graphRepo, training, clock);
  // The practice engine inside a lesson (docs/lessons.md "The engine in the lesson"): its panel, pushes and answers.
  const lessonEngine = new LessonEngineService({
    access: lessonAccess,
    trainings: new LessonTrainings(db, trainingRepo, clock),
    training,
    trainingRepo,
    sealing,
    draws: new TrainingDraws(questionsRepo, trainingRepo, ability),
    questions,
    questionsRepo,
    repositories,
    graphs: knowledgeGraph,
    mastery,
    wrongBook,
    clock,
    autoEndMinutes: config.lessons.autoEndMinutes,
  });
  training.onLessonAnswer = lessonEngine.answered;
  const services = {
    config,
    clock,
    redis: shared?.client,
    redisFailures: shared?.failures,
    general,
    agency,
    // An agency's admins, given by the platform admin (docs/users.md "An agency's first admin").
    agencyAdmins: new AgencyAdminsService(
      new AgencyAdminsRepository(db),
      agencyRepo,
      (id) => auth.forgetUser(id),
      clock,
    ),
    auth,
    files,
    knowledge,
    repositories,
    tags,
    questions,
    publication,
    jobs,
    transfer,
    leaving: createLeaving(
      db,
      clock,
      config.leftMemberRetentionDays,
      jobs,
      (id) => auth.forgetUser(id),
      (id) => sealing.holders(id),
      (id, agencyIds) => corrections.waitingOf(id, agencyIds),
    ),
    // Invitations of existing accounts into an agency (docs/users.md "Inviting an existing account").
    invitations: new InvitationsService(new InvitationsRepository(db), clock, (id) => auth.forgetUser(id), {
      validMs: config.invitationValidMs,
    }),
    enrolment: new EnrolmentService(db, jobs, config.enrolment, config.transfer, clock),
    trainRepos,
    schemes,
    // A scheme's dry run (docs/simulation.md "Dry run of a scheme"): a job on the queue.
    schemeSimulation: new SchemeSimulationService(
      schemes,
      questionsRepo,
      graphRepo,
      (agencyId) => repositories.subscribedIds(agencyId),
      jobs,
      config.simulation,
    ),
    training,
    trainingComments: new TrainingCommentsService(
      new TrainingCommentsRepository(db),
      trainingRepo,
      studentRecords,
      clock,
    ),
    marking: new MarkingService(new MarkingRepository(db), studentRecords, clock),
    wrongBook,
    fsrsFit,
    ability,
    mastery,
    parents: createParentsService({
      db,
      clock,
      training,
      redisKeyPrefix: config.redisKeyPrefix,
      redis: shared,
      pairing: config.pairing,
      forgetUser: (id) => auth.forgetUser(id),
    }),
    // Bulk actions on the parents selected in the agency's list (docs/parents.md "Bulk actions").
    parentsBulk: new ParentsBulkService(new ParentsRepository(db), { forgetUser: (id) => auth.forgetUser(id) }, clock),
    classes: new ClassesService(new ClassesRepository(db), mastery, training, studentRecords, clock),
    tasks,
    // A class's gradebook (docs/gradebook.md): its members × its tasks, weights and overalls.
    gradebook: new GradebookService(new GradebookRepository(db), clock),
    studentHome: new StudentHomeService(new StudentHomeRepository(db), tasks, wrongBook, mastery, clock),
    users: new UsersService(
      new UsersRepository(db),
      { fileExists: (id) => files.exists(id), forgetUser: (id) => auth.forgetUser(id) },
      clock,
    ),
    // Bulk actions on the students or teachers selected in a list (docs/users.md "Bulk actions").
    usersBulk: new UsersBulkService(new UsersRepository(db), { forgetUser: (id) => auth.forgetUser(id) }, clock),
    trainingSweep: new TrainingSweep(db, training, clock),
    filesSweep: new FilesSweep(db, clock, config.files.sweepGraceMs),
    schemeStats: new SchemeStatsService(new SchemeStatsRepository(db), schemes, studentRecords, config.statsFoldMs),
    notices,
    // AI reading (docs/reading.md): its generation runs on the job queue.
    reading: new ReadingService(new ReadingRepository(db), questions, jobs, config.reading, clock),
    // Answering steps of reading questions inside trainings (docs/reading.md "Answering steps").
    readingSteps: new ReadingStepsService(new ReadingStepsRepository(db), training, questionsRepo, questions, clock),
    knowledgeGraph,
    // Recitation texts (docs/recitation.md).
    recitation: new RecitationService(new RecitationRepository(db), clock),
    // The store of shared repositories (docs/store.md).
    store: new StoreService(new StoreRepository(db), clock),
    // Who takes part in a lesson, and how: every lesson call and socket join asks it (docs/lessons.md "Who sees what").
    lessonAccess,
    // Lessons (docs/lessons.md): scheduling, opening and closing, and the sweep ending lessons left open.
    lessons: new LessonsService(new LessonsRepository(db), lessonAccess, clock, config.lessons),
    // The lesson room's HTTP calls (docs/lessons.md "Video", "Replay data"); the room itself is src/realtime/.
    lessonsLive: new LessonsLiveService(new LessonsLiveRepository(db), lessonAccess, clock, config.ice),
    lessonEngine,
    // Placement tests (docs/lessons.md "Placement test"): a paper and score bands per grade, and the results.
    placement: new PlacementService(new PlacementRepository(db), training, corrections, clock),
  };
  services.readingSteps.feedbackModel = new FeedbackModel(services.reading);
  services.marking.notices = notices;
  services.parents.notices = notices;
  services.enrolment.notices = notices;
  services.enrolment.parents = new ParentsRepository(db);
  services.invitations.notices = notices;
  services.lessons.notices = notices;
  services.lessons.onEnd = lessonEngine.statusChanged;
  services.placement.wire(services.classes, services.parents);
  return services;
}

export type Services = ReturnType<typeof createServices>;

/** Login failures counted in Redis, or in this process's memory for each call that Redis fails. */
const sharedFailureStore = ({ client, failures }: NonNullable<ServiceDeps['redis']>, keyPrefix: string) =>
  new FallbackFailureStore(new RedisFailureStore(client, `${keyPrefix}login:`), new MemoryFailureStore(), (err, what) =>
    failures.report(err, what),
  );
