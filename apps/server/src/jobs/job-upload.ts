// Receiving a job's file from a request body (an import, an enrolment sheet): bounded in size while it arrives and in
// how many uploads one node receives at once, stored chunk by chunk as the job's file 0, then the job is queued
// (docs/jobs.md "Imports").
import type { Readable } from 'node:stream';
import { ApiError, invalidField } from '../lib/api-error.js';
import { FILE_CHUNK_BYTES } from './job-files.js';
import type { JobQueue, NewJob } from './job-queue.js';

export interface UploadLimits {
  maxBytes: number;
  /** Uploads this node receives at once (every kind together); one more answers 429. */
  maxUploads: number;
  /** The 413 naming the limit (with `Connection: close`: the rest of the body is never read). */
  tooLarge: (bytes?: number) => ApiError;
}

/** Uploads being received by each queue's node. */
const receiving = new WeakMap<JobQueue, number>();

/**
 * Creates the job `receiving`, stores the body as its file while it arrives (413 past `maxBytes`, the job removed)
 * and queues it. Answers its id. A declared `Content-Length` over the limit is refused before anything is stored.
 */
export async function receiveJobFile(
  queue: JobQueue,
  job: Omit<NewJob, 'receiving'>,
  body: Readable,
  declaredBytes: number | undefined,
  limits: UploadLimits,
): Promise<{ jobId: string }> {
  if (declaredBytes !== undefined && declaredBytes > limits.maxBytes) throw limits.tooLarge(declaredBytes);
  const busy = receiving.get(queue) ?? 0;
  if (busy >= limits.maxUploads)
    throw new ApiError(
      'too_many_requests',
      `服务器正在接收 ${limits.maxUploads} 个上传文件（同时上传的上限），请稍后再试`,
      {
        headers: { connection: 'close', 'retry-after': '10' },
      },
    );
  receiving.set(queue, busy + 1);
  try {
    return await store(queue, job, body, limits);
  } finally {
    receiving.set(queue, (receiving.get(queue) ?? 1) - 1);
  }
}

async function store(queue: JobQueue, job: Omit<NewJob, 'receiving'>, body: Readable, limits: UploadLimits) {
  const id = await queue.enqueue({ ...job, receiving: true });
  const { store: jobs } = queue;
  try {
    let bytes = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      let joined = Buffer.concat(pending);
      while (joined.length >= FILE_CHUNK_BYTES || (all && joined.length > 0)) {
        await jobs.files.append(id, 0, seq++, joined.subarray(0, FILE_CHUNK_BYTES));
        joined = joined.subarray(FILE_CHUNK_BYTES);
      }
      pending = joined.length ? [joined] : [];
      pendingBytes = joined.length;
      await queue.touch(id);
    };
    // Past the limit the loop stops reading but does not destroy the request (destroyOnReturn: false): a destroyed
    // request resets the connection and the client never reads the 413, which closes the connection after it is
    // sent instead (`tooLarge`).
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) throw limits.tooLarge();
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= FILE_CHUNK_BYTES) await flush(false);
    }
    if (bytes === 0) throw invalidField('file', '请上传文件');
    await flush(true);
  } catch (e) {
    await jobs.delete(id);
    throw e;
  }
  await queue.release(id);
  return { jobId: id };
}
