// The shape of one API table entry.
import type { z } from 'zod';
import type { ApiAccess } from '../access/api-access.js';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify-style path (`:id` parameters). */
  path: string;
  /** The envelope's `module`. */
  module: string;
  summary: string;
  access: ApiAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Set for routes whose body is raw bytes (file upload). */
  rawBody?: boolean;
  /** Set for routes that answer bytes instead of the envelope. */
  rawResponse?: boolean;
  response: z.ZodType;
}

export const route = <R extends ApiRoute>(r: R): R => r;
