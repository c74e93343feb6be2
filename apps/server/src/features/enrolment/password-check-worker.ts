// A worker thread of ./password-check-pool.ts: answers the password rule (lib/password.ts) for each password of a
// chunk, in order.
import { parentPort } from 'node:worker_threads';
import { checkNewPassword } from '../../lib/password.js';
import type { PasswordToCheck } from './password-check-pool.js';

parentPort?.on('message', (chunk: PasswordToCheck[]) => {
  parentPort?.postMessage(chunk.map((c) => checkNewPassword(c.password, c.inputs)));
});
