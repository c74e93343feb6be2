// Stored files (logos, question images) behind /v1/files.
import { z } from 'zod';

export const FILE_MAX_BYTES = 2 * 1024 * 1024;
export const FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const StoredFile = z.object({ id: z.string(), url: z.string(), type: z.string(), size: z.number().int() });
