// Dictionaries loaded by the web at start-up: grades and subjects (public).
import { z } from 'zod';

export const Grade = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
export type Grade = z.infer<typeof Grade>;

export const Subject = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
export type Subject = z.infer<typeof Subject>;
