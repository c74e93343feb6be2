// Builds the Fastify app: external plugins → app plugins (envelope, auth, agency, access) →
// docs and static → features (docs/conventions.md §2). Usable from tests with any database and clock.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import './fastify-types.js';
import type { LoginLimiter } from './features/auth/login-limiter.js';
import { agencyRoutes } from './features/agency/agency.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { generalRoutes } from './features/general/general.routes.js';
import { knowledgeRoutes } from './features/knowledge/knowledge.routes.js';
import { questionPublicationRoutes } from './features/questions/question-publication.routes.js';
import { questionsRoutes } from './features/questions/questions.routes.js';
import { repositoriesRoutes } from './features/repositories/repositories.routes.js';
import { schemesRoutes } from './features/schemes/schemes.routes.js';
import { trainingCommentsRoutes } from './features/training-comments/training-comments.routes.js';
import { trainingRoutes } from './features/training/training.routes.js';
import { schemeStatsRoutes } from './features/scheme-stats/scheme-stats.routes.js';
import { tagsRoutes } from './features/tags/tags.routes.js';
import { transferRoutes } from './features/transfer/transfer.routes.js';
import { enrolmentRoutes } from './features/enrolment/enrolment.routes.js';
import { wrongBookRoutes } from './features/wrong-book/wrong-book.routes.js';
import { masteryRoutes } from './features/mastery/mastery.routes.js';
import { parentsRoutes } from './features/parents/parents.routes.js';
import { markingRoutes } from './features/marking/marking.routes.js';
import { classesRoutes } from './features/classes/classes.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { leavingRoutes } from './features/leaving/leaving.routes.js';
import { invitationsRoutes } from './features/invitations/invitations.routes.js';
import { tasksRoutes } from './features/tasks/tasks.routes.js';
import { gradebookRoutes } from './features/gradebook/gradebook.routes.js';
import { studentHomeRoutes } from './features/student-home/student-home.routes.js';
import { noticesRoutes } from './features/notices/notices.routes.js';
import { recitationRoutes } from './features/recitation/recitation.routes.js';
import { storeRoutes } from './features/store/store.routes.js';
import { readingRoutes } from './features/reading/reading.routes.js';
import { simulationRoutes } from './features/simulation/dry-run.routes.js';
import { readingStepsRoutes } from './features/reading-steps/reading-steps.routes.js';
import { knowledgeGraphRoutes } from './features/knowledge-graph/knowledge-graph.routes.js';
import { lessonsRoutes } from './features/lessons/lessons.routes.js';
import { lessonsLiveRoutes } from './features/lessons-live/lessons-live.routes.js';
import { lessonEngineRoutes } from './features/lesson-engine/lesson-engine.routes.js';
import { placementRoutes } from './features/placement/placement.routes.js';
import { fsrsFitRoutes } from './features/fsrs-fit/fsrs-fit.routes.js';
import { abilityRoutes } from './features/ability/ability.routes.js';
import fp from 'fastify-plugin';
import realtime from './realtime/realtime.js';
import access from './plugins/access.js';
import agency from './plugins/agency.js';
import auth from './plugins/auth.js';
import compression from './plugins/compression.js';
import { sharedRedis } from './lib/redis.js';
import envelope, { routingErrorHandler } from './plugins/envelope.js';
import openapi from './plugins/openapi.js';
import security from './plugins/security.js';
import { requestLogOptions } from './plugins/request-log.js';
import { logDestination } from './lib/log-destination.js';
import staticPlugin from './plugins/static.js';
import { createServices } from './services.js';
import { endConnectionsOnClose, tlsServerOptions } from './lib/tls.js';

/**
 * A feature's routes registered in the app's own context rather than one of their own. Fastify gives every context its
 * own request and reply classes: while each feature had a context, the code every request runs through (the guards,
 * the route wrapper, Fastify's and Node's request path) met some forty shapes of each and looked their fields up the
 * slow, megamorphic way (docs/performance.md "The reply's headers and the handler's promise"). Only the features that
 * add a body parser or hooks for their own routes alone (files, enrolment, transfer) keep a context.
 */
const inRoot = (routes: (app: FastifyInstance) => Promise<void>) => fp(routes);

export interface BuildAppOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  loginLimiter?: LoginLimiter;
  /** Extra routes registered after the features (tests use it to prove unruled routes are refused). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildApp({ db, config, clock = systemClock, loginLimiter, extraRoutes }: BuildAppOptions) {
  // Log lines are written in batches, warnings and errors at once (docs/server.md "Log writes").
  const log = config.logLevel === 'silent' ? undefined : logDestination(config.logWrites);
  const app = Fastify({
    logger: log ? { level: config.logLevel, stream: log.stream, hooks: log.hooks } : false,
    ...requestLogOptions(config.slowRequestMs, log !== undefined),
    trustProxy: config.trustProxy,
    // Routing errors (bad percent-encoding, over-long path parameters) answer the envelope too.
    frameworkErrors: routingErrorHandler,
    // HTTP/2 over TLS when this node holds a certificate (docs/server.md "HTTP/2 and TLS"). The app stays typed for
    // Node's HTTP/1 request and response: HTTP/2's compatibility objects have the API it uses.
    ...(tlsServerOptions(config.tls) as object),
  });
  if (config.tls) endConnectionsOnClose(app);
  // Login throttling and upload rate limits are shared through Redis when REDIS_URL is set (docs/security.md).
  const redis = config.redisUrl ? sharedRedis(app, config.redisUrl, config.redisTimeouts, clock) : undefined;
  app.decorate('services', createServices({ db, config, clock, loginLimiter, redis }));
  // Background jobs (docs/jobs.md) start once every feature registered its kinds; closing interrupts theirs.
  const { jobs } = app.services;
  jobs.onError = (err) => app.log.error({ err }, 'background job error');
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  // JSON bodies: Fastify's own parser (prototype-poisoning safe), but an empty body is no body:
  // clients send `Content-Type: application/json` on body-less calls such as logout.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return defaultJson(request, body as string, done);
  });

  await app.register(security);
  // Before every route: its onRoute hook adds compression to each (docs/server.md "Compression").
  await app.register(compression);
  await app.register(envelope);
  await app.register(auth);
  await app.register(agency);
  await app.register(access);
  await app.register(openapi);
  await app.register(staticPlugin);

  await app.register(inRoot(generalRoutes));
  await app.register(inRoot(authRoutes));
  await app.register(inRoot(agencyRoutes));
  await app.register(filesRoutes);
  await app.register(inRoot(knowledgeRoutes));
  await app.register(inRoot(questionsRoutes));
  await app.register(inRoot(questionPublicationRoutes));
  await app.register(inRoot(repositoriesRoutes));
  await app.register(inRoot(tagsRoutes));
  await app.register(transferRoutes);
  await app.register(enrolmentRoutes);
  await app.register(inRoot(schemesRoutes));
  await app.register(inRoot(trainingRoutes));
  await app.register(inRoot(trainingCommentsRoutes));
  await app.register(inRoot(schemeStatsRoutes));
  await app.register(inRoot(wrongBookRoutes));
  await app.register(inRoot(masteryRoutes));
  await app.register(inRoot(parentsRoutes));
  await app.register(inRoot(markingRoutes));
  await app.register(inRoot(classesRoutes));
  await app.register(inRoot(usersRoutes));
  await app.register(inRoot(leavingRoutes));
  await app.register(inRoot(invitationsRoutes));
  await app.register(inRoot(tasksRoutes));
  await app.register(inRoot(gradebookRoutes));
  await app.register(inRoot(studentHomeRoutes));
  await app.register(inRoot(noticesRoutes));
  await app.register(inRoot(readingRoutes));
  await app.register(inRoot(simulationRoutes));
  await app.register(inRoot(readingStepsRoutes));
  await app.register(inRoot(knowledgeGraphRoutes));
  await app.register(inRoot(recitationRoutes));
  await app.register(inRoot(storeRoutes));
  await app.register(inRoot(lessonsRoutes));
  await app.register(inRoot(lessonsLiveRoutes));
  await app.register(inRoot(lessonEngineRoutes));
  await app.register(inRoot(placementRoutes));
  await app.register(inRoot(fsrsFitRoutes));
  await app.register(inRoot(abilityRoutes));
  // The lesson room's socket server on this app's HTTP server (docs/lessons.md "Realtime").
  await app.register(realtime, { db });
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope));
  return app;
}
