// The server's configuration: the environment parsed by one zod schema at boot (docs/conventions.md §10).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AGENCY_ID_RE } from '@edu/contract';
import { checkNewPassword } from './lib/password.js';

const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** A comma list of URLs, blanks left out. */
const urlList = (v: string) =>
  v
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** PGlite data directory (and its lock file), relative to where the command was run. */
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: int(10),
    /** PGlite: data statements kept prepared under a name, 0 for none (docs/pglite.md "Named statements"). */
    PGLITE_NAMED_STATEMENTS: int(500, 0),
    /** PGlite: seconds between analyses of the tables changed since their last, 0 for none (docs/pglite.md). */
    PGLITE_ANALYZE_SECONDS: int(60, 0),
    /** Seconds between merges of the request-written GIN indexes' pending lists, 0 for none (db/gin-pending.ts). */
    GIN_CLEAN_SECONDS: int(10, 0),
    /** PostgreSQL: data statements each connection keeps prepared under a name, 0 for none (docs/server.md). */
    PG_NAMED_STATEMENTS: int(200, 0),
    SEED: z.preprocess(blankAsUndefined, z.enum(['demo', 'none']).optional()),
    ADMIN_USERNAME: z.string().trim().min(1).max(64).default('admin'),
    /** The same password rule as every other path that sets a password (docs/security.md "Passwords"). */
    ADMIN_PASSWORD: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .superRefine((v, ctx) => {
          const problem = checkNewPassword(v);
          if (problem) ctx.addIssue({ code: 'custom', message: `is refused by the password rule: ${problem}` });
        })
        .optional(),
    ),
    DEFAULT_AGENCY_ID: z.string().regex(AGENCY_ID_RE, 'must be an agency slug like demo').default('demo'),
    /** Comma-separated host suffixes such as `.edu.example.com`; the web derives the agency from them. */
    AGENCY_DOMAIN_SUFFIXES: z.string().default(''),
    /** Login throttling (docs/security.md "Login throttling"): delays per account and address together … */
    LOGIN_FREE_FAILURES: int(5, 0),
    LOGIN_DELAY_BASE_SECONDS: int(1),
    LOGIN_DELAY_MAX_SECONDS: int(900),
    LOGIN_PAIR_MEMORY_SECONDS: int(86_400),
    /** … an account with this many failures in its window loses the free failures (slowed, never blocked) … */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: int(100),
    LOGIN_ACCOUNT_WINDOW_SECONDS: int(3600),
    /** … and a ceiling per client address, generous enough for a school lab behind one address. */
    LOGIN_MAX_FAILURES_PER_ADDRESS: int(200),
    LOGIN_ADDRESS_WINDOW_SECONDS: int(600),
    /** Shared state of several nodes (login throttling, upload rate limits); absent → kept in each process. */
    REDIS_URL: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** Prefix of every Redis key of this app (several apps or tests may share one Redis). */
    REDIS_KEY_PREFIX: z.string().max(100).default('edu:'),
    /** How long a connection attempt and a command may take; past it the call falls back to this process. */
    REDIS_CONNECT_TIMEOUT_MS: int(2000, 100),
    REDIS_COMMAND_TIMEOUT_MS: int(1000, 50),
    /** Upload bounds (docs/security.md "Uploads"): storage quotas, rate per user, sweep of unreferenced files. */
    FILES_QUOTA_USER_MB: int(100),
    FILES_QUOTA_AGENCY_MB: int(1024),
    FILES_UPLOAD_RATE_MAX: int(30),
    FILES_UPLOAD_RATE_WINDOW_SECONDS: int(60),
    FILES_SWEEP_GRACE_HOURS: int(24),
    FILES_SWEEP_INTERVAL_MINUTES: int(60),
    TOKEN_TTL_SECONDS: int(43_200),
    TOKEN_IDLE_SECONDS: int(7_200),
    /**
     * How long a process reuses what it read about a token (user, roles) and about an agency's subscribed
     * repositories before reading again; 0 turns the caches off. Changes made through this process evict
     * at once; with several processes, others see a revocation within this time (docs/performance.md).
     */
    READ_CACHE_SECONDS: int(5, 0),
    /**
     * How many lists of matching question ids a process keeps for paging (exact: checked against the
     * database's bank version on every page, docs/performance.md); 0 reads every page straight.
     */
    LIST_CACHE_ENTRIES: int(500, 0),
    /**
     * Most ids one kept list holds; a filter matching more is paged from the database, its total counted once
     * per bank version (docs/performance.md "Imports").
     */
    LIST_CACHE_MAX_IDS: int(10_000, 1),
    /**
     * Megabytes of serialised question-list pages a process keeps (exact like the id lists: served only
     * while the bank version they were read at stands, docs/performance.md); 0 turns the page cache off.
     */
    PAGE_CACHE_MB: int(64, 0),
    /**
     * How many running trainings a process keeps a copy of, so that the next answer needs no read (docs/performance.md
     * "The answer without its read"; exact: every answer's write is guarded by the rows' versions); 0 keeps none.
     */
    ANSWERING_COPIES: int(2000, 0),
    /**
     * How many running papers' questions, as their students see them, a process keeps (docs/performance.md "An exam
     * on a paper"; exact by the bank version); 0 keeps none.
     */
    PAPER_VIEWS: int(200, 0),
    /**
     * Seconds between the background folds of ended trainings into the scheme statistics (docs/scheme-stats.md "How
     * it is computed fast"); 0 leaves them to the statistics' reads, which fold their scheme's first.
     */
    STATS_FOLD_SECONDS: int(2, 0),
    /**
     * HTTP/2 over TLS on this node (docs/server.md "HTTP/2 and TLS"): PEM files of the certificate (with its chain) and
     * its private key, both or neither; relative paths start where the command was typed. Absent: plain HTTP/1.1.
     */
    TLS_CERT_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
    TLS_KEY_FILE: z.preprocess(blankAsUndefined, z.string().optional()),
    /** Behind a load balancer set this so per-address login limits see the client address. */
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    WEB_DIST: z
      .string()
      .min(1)
      .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    /**
     * Set by npm to the directory the command was typed in. npm runs workspace scripts inside
     * apps/server; relative DATA_DIR / WEB_DIST are resolved from INIT_CWD so that `npm start` at
     * the repo root keeps its data in the root's ./data, as the README says.
     */
    INIT_CWD: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A request answered after this many ms is logged at warn level with its route (0 = never; docs/server.md). */
    SLOW_REQUEST_MS: int(2000, 0),
    /** Log lines below warn are gathered into writes of this many bytes (0 = each at once; docs/server.md "Log writes"). */
    LOG_BUFFER_BYTES: z.coerce.number().int().min(0).max(16_000).default(4096),
    /** The longest a gathered log line waits before it is written, in ms. */
    LOG_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(250),
    /** Days an in-app notice is kept; the periodic check deletes older ones (docs/notices.md "Retention"). */
    NOTICE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Import and export limits and their workers (docs/import-export.md "Limits", docs/jobs.md). */
    IMPORT_MAX_BYTES: int(50 * 1024 * 1024),
    IMPORT_MAX_ROWS: int(300_000),
    IMPORT_MAX_UNCOMPRESSED_BYTES: int(512 * 1024 * 1024),
    IMPORT_MAX_RATIO: int(200),
    IMPORT_MAX_ENTRIES: int(1000),
    IMPORT_WORKER_MEMORY_MB: int(192, 16),
    IMPORT_JOB_SECONDS: int(600),
    IMPORT_WORKERS: int(1),
    EXPORT_PART_QUESTIONS: int(20_000),
    /** Uploads of imports this node receives at once; one more answers 429 (docs/jobs.md "Imports"). */
    IMPORT_MAX_UPLOADS: int(4),
    /**
     * An import's write phase: most questions per transaction, and the time one should take (the batch is
     * sized to it); other requests wait at most one batch (on PGlite the whole process does: docs/jobs.md "Imports").
     */
    IMPORT_WRITE_BATCH: int(500),
    IMPORT_WRITE_BATCH_MS: int(40),
    /**
     * On PGlite, whose statements stop the whole process: the time of one write batch, and the longest rest after
     * a batch while API requests are in progress, in percent of the batch's time (docs/jobs.md "Imports").
     */
    IMPORT_PGLITE_BATCH_MS: int(15),
    IMPORT_PGLITE_REST_PERCENT: int(200, 0),
    /**
     * Where jobs' files are kept (docs/jobs.md "Job files"): a directory, or `database` for the `job_files`
     * table. Default: `<DATA_DIR>/job-files` on PGlite, the database on PostgreSQL (every node reads it).
     */
    JOB_FILES_DIR: z.string().min(1).optional(),
    /** Days a finished job (an export's parts, a failed import's report) is kept before it is removed. */
    JOB_RETENTION_DAYS: int(7),
    /** Days an agency keeps the records of a member who left, then the purge deletes them (docs/users.md "Leaving and retention"). */
    LEFT_MEMBER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Bulk enrolment of students (docs/enrolment.md "Limits"): rows and bytes of one file, a job's time limit. */
    ENROL_MAX_ROWS: int(5000),
    ENROL_MAX_BYTES: int(10 * 1024 * 1024),
    ENROL_JOB_SECONDS: int(300),
    /** A scheme's dry run (docs/simulation.md "Dry run of a scheme"): its time limit and how many run at once on a node. */
    SIMULATION_JOB_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
    SIMULATION_MAX_CONCURRENT: z.coerce.number().int().min(1).max(8).default(1),
    /** The heap limit (MB) of a dry run's child process: 10,000 students over 20,000 questions fit in the default. */
    SIMULATION_WORKER_MB: z.coerce.number().int().min(64).max(8192).default(512),
    /**
     * FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the fewest reviews to fit, the
     * most read of one agency, the weekly job's time limit, days between runs and minutes between checks.
     */
    FSRS_FIT_MIN_REVIEWS: z.coerce.number().int().min(10).max(1_000_000).default(1000),
    FSRS_FIT_MAX_REVIEWS: z.coerce.number().int().min(100).max(1_000_000).default(100_000),
    FSRS_FIT_JOB_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
    FSRS_FIT_INTERVAL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    FSRS_FIT_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /**
     * Item calibration for ability-matched draws (docs/practice-engine.md "Draw modes"): the most answers read of one
     * agency (its latest), the nightly job's time limit, hours between runs and minutes between checks.
     */
    ABILITY_CALIBRATION_MAX_ANSWERS: z.coerce.number().int().min(1000).max(2_000_000).default(100_000),
    ABILITY_CALIBRATION_JOB_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
    ABILITY_CALIBRATION_INTERVAL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    ABILITY_CALIBRATION_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /**
     * Pairing codes (docs/parents.md "Pairing codes"): how many days a code lives, and the throttling of wrong
     * codes — free failures per (account, address), then delays doubling from the base to the max; a ceiling per
     * account and per address within the window.
     */
    PAIRING_CODE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
    /** Days an agency's invitation of an existing account waits for an answer (docs/users.md "Inviting an existing account"). */
    INVITATION_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    PAIRING_FREE_FAILURES: z.coerce.number().int().min(0).max(100).default(5),
    PAIRING_DELAY_BASE_SECONDS: int(30),
    PAIRING_DELAY_MAX_SECONDS: int(900),
    PAIRING_MAX_FAILURES_PER_ACCOUNT: int(20),
    PAIRING_MAX_FAILURES_PER_ADDRESS: int(30),
    PAIRING_WINDOW_SECONDS: int(3600, 60),
    /**
     * AI reading (docs/reading.md "Providers and generation", "Settings and call log"): a generation job's time
     * limit and how many run at once on this node; the secret the stored provider keys are encrypted with
     * (absent: stored as typed); how many days a call-log row is kept.
     */
    READING_JOB_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    READING_MAX_CONCURRENT: z.coerce.number().int().min(1).max(32).default(2),
    AI_KEY_SECRET: z.preprocess(blankAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    AI_CALL_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /**
     * Hosts an agency's own AI provider setting may reach even when they resolve to a private address
     * (docs/security.md "Outbound requests"): a comma list of host names or IP addresses.
     */
    AI_PROVIDER_ALLOWED_HOSTS: z
      .string()
      .default('')
      .refine(
        (v) =>
          v
            .split(',')
            .map((h) => h.trim())
            .every((h) => h === '' || /^[\w.-]+$|^\[?[0-9a-f:.]+\]?$/i.test(h)),
        'must be a comma list of host names or IP addresses (no scheme, port or path)',
      ),
    /**
     * Lessons (docs/lessons.md "Statuses"): how many minutes before its start the teacher may open a lesson, and how
     * many minutes after its scheduled end a lesson left open ends by itself.
     */
    LESSON_OPEN_EARLY_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
    LESSON_AUTO_END_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
    /**
     * The lesson room's socket (docs/lessons.md "Realtime", docs/server.md "Configuration"): the largest message in
     * KiB, the messages one connection may send per second and in a burst, its pointer updates per second, and how
     * often every connection's token and lesson seats are checked again.
     */
    REALTIME_MAX_MESSAGE_KB: z.coerce.number().int().min(64).max(16_384).default(1024),
    REALTIME_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(60),
    REALTIME_MESSAGE_BURST: z.coerce.number().int().min(1).max(10_000).default(120),
    REALTIME_POINTER_HZ: z.coerce.number().int().min(1).max(120).default(20),
    REALTIME_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
    /**
     * ICE servers of the lesson video (docs/lessons.md "Video"): comma lists of STUN and TURN URLs, the secret shared
     * with coturn (`static-auth-secret`) that time-limited TURN credentials are signed with, and their lifetime.
     */
    STUN_URLS: z
      .string()
      .default('')
      .refine((v) => urlList(v).every((u) => /^stuns?:\S+$/.test(u)), 'must be a comma list of stun: or stuns: URLs'),
    TURN_URLS: z
      .string()
      .default('')
      .refine((v) => urlList(v).every((u) => /^turns?:\S+$/.test(u)), 'must be a comma list of turn: or turns: URLs'),
    TURN_SECRET: z.preprocess(blankAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    TURN_TTL: z.coerce.number().int().min(60).max(86_400).default(3600),
  })
  .superRefine((e, ctx) => {
    if (urlList(e.TURN_URLS).length > 0 && !e.TURN_SECRET)
      ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'is needed when TURN_URLS is set' });
    if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
      ctx.addIssue({
        code: 'custom',
        path: [e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
        message: 'is needed with TLS_CERT_FILE / TLS_KEY_FILE (both or neither)',
      });
    if (e.PAIRING_DELAY_MAX_SECONDS < e.PAIRING_DELAY_BASE_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['PAIRING_DELAY_MAX_SECONDS'],
        message: 'must be at least PAIRING_DELAY_BASE_SECONDS',
      });
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.INIT_CWD || process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteNamedStatements: e.PGLITE_NAMED_STATEMENTS,
    pgliteAnalyzeSeconds: e.PGLITE_ANALYZE_SECONDS,
    ginCleanSeconds: e.GIN_CLEAN_SECONDS,
    pgNamedStatements: e.PG_NAMED_STATEMENTS,
    // Demo data by default on the embedded database (try-it path), never by default on PostgreSQL.
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    defaultAgencyId: e.DEFAULT_AGENCY_ID,
    agencyDomainSuffixes: e.AGENCY_DOMAIN_SUFFIXES.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    login: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      delayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
      delayMaxSeconds: e.LOGIN_DELAY_MAX_SECONDS,
      pairMemorySeconds: e.LOGIN_PAIR_MEMORY_SECONDS,
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountWindowSeconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      addressWindowSeconds: e.LOGIN_ADDRESS_WINDOW_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisTimeouts: { connectMs: e.REDIS_CONNECT_TIMEOUT_MS, commandMs: e.REDIS_COMMAND_TIMEOUT_MS },
    files: {
      quotaUserBytes: e.FILES_QUOTA_USER_MB * 1024 * 1024,
      quotaAgencyBytes: e.FILES_QUOTA_AGENCY_MB * 1024 * 1024,
      uploadRateMax: e.FILES_UPLOAD_RATE_MAX,
      uploadRateWindowSeconds: e.FILES_UPLOAD_RATE_WINDOW_SECONDS,
      sweepGraceMs: e.FILES_SWEEP_GRACE_HOURS * 3600 * 1000,
      sweepIntervalMs: e.FILES_SWEEP_INTERVAL_MINUTES * 60 * 1000,
    },
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenIdleSeconds: e.TOKEN_IDLE_SECONDS,
    readCacheSeconds: e.READ_CACHE_SECONDS,
    listCacheEntries: e.LIST_CACHE_ENTRIES,
    listCacheMaxIds: e.LIST_CACHE_MAX_IDS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    answeringCopies: e.ANSWERING_COPIES,
    paperViews: e.PAPER_VIEWS,
    statsFoldMs: e.STATS_FOLD_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY === 'true',
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? {
            certFile: resolve(e.INIT_CWD || process.cwd(), e.TLS_CERT_FILE),
            keyFile: resolve(e.INIT_CWD || process.cwd(), e.TLS_KEY_FILE),
          }
        : undefined,
    webDist: resolve(e.INIT_CWD || process.cwd(), e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    logWrites: { bufferBytes: e.LOG_BUFFER_BYTES, flushMs: e.LOG_FLUSH_MS },
    leftMemberRetentionDays: e.LEFT_MEMBER_RETENTION_DAYS,
    invitationValidMs: e.INVITATION_DAYS * 24 * 3600 * 1000,
    transfer: {
      maxBytes: e.IMPORT_MAX_BYTES,
      maxRows: e.IMPORT_MAX_ROWS,
      maxUncompressedBytes: e.IMPORT_MAX_UNCOMPRESSED_BYTES,
      maxRatio: e.IMPORT_MAX_RATIO,
      maxEntries: e.IMPORT_MAX_ENTRIES,
      workerMemoryMb: e.IMPORT_WORKER_MEMORY_MB,
      jobSeconds: e.IMPORT_JOB_SECONDS,
      workers: e.IMPORT_WORKERS,
      exportPartQuestions: e.EXPORT_PART_QUESTIONS,
      maxUploads: e.IMPORT_MAX_UPLOADS,
      writeBatch: e.IMPORT_WRITE_BATCH,
      writeBatchMs: e.IMPORT_WRITE_BATCH_MS,
      pgliteWriteBatchMs: e.IMPORT_PGLITE_BATCH_MS,
      pgliteWriteRestPercent: e.IMPORT_PGLITE_REST_PERCENT,
    },
    jobs: {
      filesDir: jobFilesDir(
        e.JOB_FILES_DIR,
        e.DATABASE_URL,
        resolve(e.INIT_CWD || process.cwd(), e.DATA_DIR),
        e.INIT_CWD,
      ),
      retentionMs: e.JOB_RETENTION_DAYS * 24 * 3600 * 1000,
    },
    notices: { retentionMs: e.NOTICE_RETENTION_DAYS * 24 * 3600 * 1000 },
    lessons: { openEarlyMinutes: e.LESSON_OPEN_EARLY_MINUTES, autoEndMinutes: e.LESSON_AUTO_END_MINUTES },
    enrolment: { maxRows: e.ENROL_MAX_ROWS, maxBytes: e.ENROL_MAX_BYTES, jobSeconds: e.ENROL_JOB_SECONDS },
    simulation: {
      jobSeconds: e.SIMULATION_JOB_SECONDS,
      maxConcurrent: e.SIMULATION_MAX_CONCURRENT,
      workerMb: e.SIMULATION_WORKER_MB,
    },
    fsrsFit: {
      minReviews: e.FSRS_FIT_MIN_REVIEWS,
      maxReviews: e.FSRS_FIT_MAX_REVIEWS,
      jobSeconds: e.FSRS_FIT_JOB_SECONDS,
      intervalDays: e.FSRS_FIT_INTERVAL_DAYS,
      checkMinutes: e.FSRS_FIT_CHECK_MINUTES,
    },
    abilityCalibration: {
      maxAnswers: e.ABILITY_CALIBRATION_MAX_ANSWERS,
      jobSeconds: e.ABILITY_CALIBRATION_JOB_SECONDS,
      intervalHours: e.ABILITY_CALIBRATION_INTERVAL_HOURS,
      checkMinutes: e.ABILITY_CALIBRATION_CHECK_MINUTES,
    },
    reading: {
      jobSeconds: e.READING_JOB_SECONDS,
      maxConcurrent: e.READING_MAX_CONCURRENT,
      keySecret: e.AI_KEY_SECRET,
      callRetentionMs: e.AI_CALL_LOG_RETENTION_DAYS * 24 * 3600 * 1000,
      allowedHosts: e.AI_PROVIDER_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    },
    pairing: {
      codeValidMs: e.PAIRING_CODE_DAYS * 24 * 3600 * 1000,
      limits: {
        freeFailures: e.PAIRING_FREE_FAILURES,
        delayBaseSeconds: e.PAIRING_DELAY_BASE_SECONDS,
        delayMaxSeconds: e.PAIRING_DELAY_MAX_SECONDS,
        pairMemorySeconds: e.PAIRING_WINDOW_SECONDS,
        maxFailuresPerAccount: e.PAIRING_MAX_FAILURES_PER_ACCOUNT,
        accountWindowSeconds: e.PAIRING_WINDOW_SECONDS,
        maxFailuresPerAddress: e.PAIRING_MAX_FAILURES_PER_ADDRESS,
        addressWindowSeconds: e.PAIRING_WINDOW_SECONDS,
      },
    },
    realtime: {
      maxMessageBytes: e.REALTIME_MAX_MESSAGE_KB * 1024,
      messagesPerSecond: e.REALTIME_MESSAGES_PER_SECOND,
      messageBurst: e.REALTIME_MESSAGE_BURST,
      pointerHz: e.REALTIME_POINTER_HZ,
      checkMs: e.REALTIME_CHECK_SECONDS * 1000,
    },
    ice: {
      stunUrls: urlList(e.STUN_URLS),
      turnUrls: urlList(e.TURN_URLS),
      turnSecret: e.TURN_SECRET,
      turnTtlSeconds: e.TURN_TTL,
    },
  }));

/** A directory for jobs' files, or null for the database (docs/jobs.md "Job files"). */
function jobFilesDir(setting: string | undefined, databaseUrl: string | undefined, dataDir: string, initCwd?: string) {
  if (setting === 'database') return null;
  if (setting) return resolve(initCwd || process.cwd(), setting);
  return databaseUrl ? null : join(dataDir, 'job-files');
}

export type Config = z.output<typeof EnvSchema>;
export type SeedMode = Config['seed'];

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming each variable and the problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = EnvSchema.safeParse(env);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** A configuration for tests: defaults plus overrides, never reading the process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Jobs' files in the database unless a test gives a directory: a test app must not write into ./data.
  const defaults = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED: 'demo',
    JOB_FILES_DIR: 'database',
    // No background statistics fold: a timer's statements would land in the counts of whatever request is measured;
    // the statistics' reads fold what they read, and stats-fold.test.ts runs the background fold itself.
    STATS_FOLD_SECONDS: '0',
  });
  return { ...defaults, ...overrides };
}
