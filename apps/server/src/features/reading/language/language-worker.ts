// The reading language worker (./language-thread.ts): formats articles and generates offline sub-questions with
// compromise, in its own thread, and answers each call with its value or the error it threw.
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../../../lib/api-error.js';
import { formatArticle } from './format-article.js';
import { generateOffline } from './offline/generate-offline.js';
import type { LanguageAnswer, LanguageCall } from './language-thread.js';

function run(call: LanguageCall): unknown {
  if (call.op === 'format') return formatArticle(...call.args);
  return generateOffline(...call.args);
}

function answer(call: LanguageCall): LanguageAnswer {
  try {
    return { id: call.id, value: run(call) };
  } catch (e) {
    if (e instanceof ApiError) return { id: call.id, apiError: { code: e.code, errmsg: e.errmsg, fields: e.fields } };
    return { id: call.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (call: LanguageCall) => parentPort?.postMessage(answer(call)));
