// Placement tests (docs/lessons.md "Placement test"): per agency and grade, a paper of the agency and the score
// bands that recommend a level and, optionally, a tutoring class; the students' results as the student, their
// parents and the agency's staff read them.
import { z } from 'zod';
import { PageQuery } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { ClassPerson } from './classes.js';
import { CorrectionsPending, TrainingStatus } from './training.js';

export const PLACEMENT_MAX_BANDS = 5;
export const PLACEMENT_BAND_NAME_MAX = 16;

/** The bands a new placement test starts with: thirds (0–33 %, 34–66 %, 67–100 %), no class. */
export const DEFAULT_PLACEMENT_BANDS: readonly { minPercent: number; name: string; classId: null }[] = [
  { minPercent: 0, name: '基础', classId: null },
  { minPercent: 34, name: '提高', classId: null },
  { minPercent: 67, name: '拔高', classId: null },
];

/** One band as written: from `minPercent` (inclusive) up to the next band's start. */
export const PlacementBandInput = z.object({
  minPercent: z
    .number()
    .int('档位起点必须是 0 到 100 之间的整数')
    .min(0, '档位起点必须是 0 到 100 之间的整数')
    .max(100, '档位起点必须是 0 到 100 之间的整数'),
  name: z
    .string()
    .trim()
    .min(1, '请输入档位名称')
    .max(PLACEMENT_BAND_NAME_MAX, `档位名称不超过 ${PLACEMENT_BAND_NAME_MAX} 个字符`),
  /** The tutoring (event) class the band recommends; null = none. */
  classId: Id.nullable().default(null),
});
export type PlacementBandInput = z.infer<typeof PlacementBandInput>;

/** 1–5 bands: the first from 0 %, each starting above the one before, names distinct. */
export const PlacementBands = z
  .array(PlacementBandInput)
  .min(1, '至少设置 1 个档位')
  .max(PLACEMENT_MAX_BANDS, `最多 ${PLACEMENT_MAX_BANDS} 个档位`)
  .superRefine((bands, ctx) => {
    const names = new Set<string>();
    bands.forEach((b, i) => {
      if (i === 0 && b.minPercent !== 0)
        ctx.addIssue({ code: 'custom', path: [0, 'minPercent'], message: '第一个档位必须从 0% 开始' });
      if (i > 0 && b.minPercent <= bands[i - 1].minPercent)
        ctx.addIssue({ code: 'custom', path: [i, 'minPercent'], message: '档位起点必须从低到高递增' });
      if (names.has(b.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: '档位名称不能重复' });
      names.add(b.name);
    });
  });

/** `PUT /v1/placement/setting`: a grade's placement test (created or replaced). */
export const PlacementSettingWrite = z.object({
  gradeId: Id,
  /** A paper scheme of the agency's own. */
  schemeId: Id,
  bands: PlacementBands,
});
export type PlacementSettingWrite = z.infer<typeof PlacementSettingWrite>;
export type PlacementSettingWriteInput = z.input<typeof PlacementSettingWrite>;

export const PlacementClassRef = z.object({ id: Id, name: z.string(), archived: z.boolean() });
export type PlacementClassRef = z.infer<typeof PlacementClassRef>;

export const PlacementBand = z.object({
  minPercent: z.number().int(),
  name: z.string(),
  /** The recommended tutoring class, null when the band names none. */
  recommendedClass: PlacementClassRef.nullable(),
});
export type PlacementBand = z.infer<typeof PlacementBand>;

/** A grade's placement test as staff read it. */
export const PlacementSetting = z.object({
  gradeId: Id,
  gradeName: z.string(),
  schemeId: Id,
  schemeTitle: z.string(),
  /** Students see the test only while its paper is switched on. */
  schemeOn: z.boolean(),
  questionCount: z.number().int(),
  bands: z.array(PlacementBand),
  lastUpdate: EpochMs,
});
export type PlacementSetting = z.infer<typeof PlacementSetting>;

export const PlacementSettings = z.object({
  /** Whether the caller may change the settings and join students to classes (the agency admin). */
  editable: z.boolean(),
  /** By grade order. */
  list: z.array(PlacementSetting),
});
export type PlacementSettings = z.infer<typeof PlacementSettings>;

/** A paper of the agency's own that a placement test may use (`GET /v1/placement/papers`). */
export const PlacementPaper = z.object({
  schemeId: Id,
  title: z.string(),
  on: z.boolean(),
  questionCount: z.number().int(),
});
export type PlacementPaper = z.infer<typeof PlacementPaper>;

/** A grade's test as the student picks it. */
export const PlacementTest = z.object({
  gradeId: Id,
  gradeName: z.string(),
  title: z.string(),
  questionCount: z.number().int(),
  /** Seconds, 0 = no limit. */
  timeLimit: z.number().int(),
  bandNames: z.array(z.string()),
  /** The student's running training of the paper, continued by a start. */
  runningTrainId: Id.nullable(),
});
export type PlacementTest = z.infer<typeof PlacementTest>;

export const PlacementStart = z.object({ gradeId: Id });
export type PlacementStart = z.infer<typeof PlacementStart>;

/**
 * A student's latest ended training of a grade's placement paper. `percent` (score ÷ max, floored to 0.1) and the
 * band are null while the paper's score waits for its corrections (docs/practice-engine.md "Review options"), for
 * the student and their parent; `corrections` then says why.
 */
export const PlacementResult = z.object({
  gradeId: Id,
  gradeName: z.string(),
  trainId: Id,
  title: z.string(),
  status: TrainingStatus,
  score: z.number().nullable(),
  maxScore: z.number(),
  percent: z.number().nullable(),
  /** The band's name, null while the score is hidden. */
  band: z.string().nullable(),
  recommendedClass: PlacementClassRef.nullable(),
  endTime: EpochMs,
  corrections: CorrectionsPending.optional(),
});
export type PlacementResult = z.infer<typeof PlacementResult>;

/** A row of the agency's results: the result, whose it is, and whether they are in the recommended class. */
export const PlacementResultRow = PlacementResult.extend({
  student: ClassPerson,
  inRecommendedClass: z.boolean(),
});
export type PlacementResultRow = z.infer<typeof PlacementResultRow>;

export const PlacementResultQuery = PageQuery.extend({ gradeId: Id.optional() });
export type PlacementResultQuery = z.infer<typeof PlacementResultQuery>;

/** `POST /v1/placement/join`: the result's student into the recommended class, or the one chosen. */
export const PlacementJoin = z.object({
  trainId: Id,
  classId: Id.nullable().default(null),
});
export type PlacementJoin = z.infer<typeof PlacementJoin>;

export const PlacementJoined = z.object({
  classId: Id,
  className: z.string(),
  /** 1 when the student was added, 0 when they were in the class already. */
  changed: z.number().int(),
});
export type PlacementJoined = z.infer<typeof PlacementJoined>;
