// A worker thread of ./password-check-pool.ts: answers the bulk initial-password rule (lib/password.ts) for each
// password of a chunk, in order.
import { parentPort } from 'node:worker_threads';
import { checkBulkInitialPassword } from '../../lib/password.js';
import type { PasswordToCheck } from './password-check-pool.js';

parentPort?.on('message', (chunk: PasswordToCheck[]) => {
  parentPort?.postMessage(chunk.map((c) => checkBulkInitialPassword(c.password, c.inputs)));
});
