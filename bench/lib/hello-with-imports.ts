// A bare Fastify hello (as bench/lib/bare-server.ts's) that first imports the modules named in HELLO_IMPORTS
// (comma-separated; package names, or paths from the repository root such as apps/server/src/services.ts) and
// starts nothing of them: what loading code alone costs a request (docs/performance.md "The health route's gap
// taken apart"). Environment: PORT. Prints `listening <port>` once it serves.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';

const root = resolve(import.meta.dirname, '../..');
for (const name of (process.env.HELLO_IMPORTS ?? '').split(',').filter(Boolean))
  await import(name.includes('/') && !name.startsWith('@') ? pathToFileURL(resolve(root, name)).href : name);

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
