// Worker threads started from a module beside the caller: its TypeScript source through tsx's loader (as the server
// runs in development and tests) or the built JS. Used by the password check pool and the reading language worker.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Starts `./<name>.ts` (or `.js`) relative to `from` (the caller's `import.meta.url`) as a worker thread. */
export function spawnWorker(from: string, name: string, options: WorkerOptions = {}): Worker {
  const ts = from.endsWith('.ts');
  const file = new URL(`./${name}.${ts ? 'ts' : 'js'}`, from);
  if (!ts) return new Worker(file, options);
  const boot = `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
register();
await import(${JSON.stringify(file.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
