// Knowledge points (docs/product.md §3, docs/domain.md "Knowledge points"): a shared tree with materialised-path codes.
import { z } from 'zod';

export const KP_LEVELS = ['subject', 'grade', 'chapter', 'lv1', 'lv2', 'lv3', 'lv4'] as const;
export const KpLevel = z.enum(KP_LEVELS);
export type KpLevel = z.infer<typeof KpLevel>;

export interface KnowledgePointParent {
  code: string;
  name: string;
  lv: KpLevel;
  parent: KnowledgePointParent | null;
}

export const KnowledgePointParent: z.ZodType<KnowledgePointParent> = z.object({
  code: z.string(),
  name: z.string(),
  lv: KpLevel,
  get parent() {
    return KnowledgePointParent.nullable();
  },
});

export const KnowledgePoint = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  name: z.string(),
  lv: KpLevel,
  refCount: z.number().int(),
  exampleRefCount: z.number().int(),
  mockRefCount: z.number().int(),
  varRefCount: z.number().int(),
  sort: z.number().int(),
  parent: KnowledgePointParent.nullable(),
});
export type KnowledgePoint = z.infer<typeof KnowledgePoint>;

const KpName = z.string().trim().min(1, '请输入知识点名称').max(64, '知识点名称不超过 64 个字符');
export const KP_CODE_RE = /^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/;
export const KpCode = z.string().max(128).regex(KP_CODE_RE, '知识点编码格式不正确');

/**
 * The compact tree (docs/performance.md "Knowledge tree"): `[code, name]` per point, parents before children and
 * siblings in display order. The parent and the level follow from the code, a materialised path
 * (`en.g7.c1`: parent `en.g7`, depth 2 → chapter). No counts: the body is the same for every agency and
 * changes only when the tree does, so the server caches it and answers `If-None-Match` with 304.
 */
export const KnowledgeTreeCompact = z.array(z.tuple([z.string(), z.string()]));
export type KnowledgeTreeCompact = z.infer<typeof KnowledgeTreeCompact>;
export const KnowledgeTreeQuery = z.object({
  /** Only this point and its descendants (a subtree on demand); absent → the whole tree. */
  root: KpCode.optional(),
});

/** What pickers and trees need of a point; `sort` is its position in the compact list (siblings' order). */
export type KnowledgePointBrief = Pick<KnowledgePoint, 'code' | 'parentCode' | 'name' | 'lv' | 'sort'>;

/** The compact tree → brief points, in the same order. */
export function expandKnowledgeTree(tree: KnowledgeTreeCompact): KnowledgePointBrief[] {
  return tree.map(([code, name], i) => {
    const dot = code.lastIndexOf('.');
    const depth = code.split('.').length - 1;
    return {
      code,
      parentCode: dot < 0 ? null : code.slice(0, dot),
      name,
      lv: KP_LEVELS[Math.min(depth, KP_LEVELS.length - 1)],
      sort: i,
    };
  });
}

export const KnowledgePointCreate = z.object({ parent: KpCode.nullable().optional(), name: KpName });
export const KnowledgePointRename = z.object({ name: KpName });
export const KpCodeParams = z.object({ id: KpCode });
