// The response envelope every API call answers with (docs/product.md §3, docs/domain.md "Wire format").
import { z } from 'zod';

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export interface Envelope<T = unknown> {
  errno: number;
  errmsg: string;
  error: string;
  serverTime: number;
  module: string;
  version: string;
  response: T;
}

export const envelopeOf = <T extends z.ZodType>(response: T) =>
  z.object({
    errno: z.number().int(),
    errmsg: z.string(),
    error: z.string(),
    serverTime: z.number().int(),
    module: z.string(),
    version: z.string(),
    response,
  });

/** Body of a call the spec writes as `request{...}`. */
export const requestOf = <T extends z.ZodType>(request: T) => z.object({ request });

/** Paged read answer (docs/domain.md "Wire format"): `{ total, list }`; total may be capped as a string like "10000+". */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.union([z.number().int(), z.string()]), list: z.array(item) });

export const PageQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
