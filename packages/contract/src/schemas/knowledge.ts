// Knowledge points (docs/product.md §3, docs/domain.md): a shared tree with materialised-path codes.
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

export const KnowledgePointCreate = z.object({ parent: KpCode.nullable().optional(), name: KpName });
export const KnowledgePointRename = z.object({ name: KpName });
export const KpCodeParams = z.object({ id: KpCode });
