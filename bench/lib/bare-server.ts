// The bare reference of the request path (docs/performance.md "Request path"): Fastify with one hello route and
// one single-INSERT route, and nothing of the app — no envelope, guards, validation, logging or compression.
// The training bench starts it beside the app and reports the app's routes as shares of these, in the same run.
//   GET  /hello   → {"hello":"world"}
//   POST /insert  → one `INSERT … RETURNING id` through `pg` (PostgreSQL) or PGlite, answers {"id": …}
// Environment: PORT; BARE_DATABASE_URL (PostgreSQL) or BARE_PGLITE_DIR (a PGlite data directory); BARE_POOL_SIZE.
// Prints `listening <port>` once it serves.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const url = process.env.BARE_DATABASE_URL;
const pgliteDir = process.env.BARE_PGLITE_DIR;
const CREATE =
  'create table if not exists bare_rows (id bigserial primary key, name text not null, created_at timestamptz not null default now())';
const INSERT = 'insert into bare_rows (name) values ($1) returning id';

type Query = (text: string, values?: unknown[]) => Promise<{ rows: { id: unknown }[] }>;
let query: Query;
let close: () => Promise<void>;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BARE_POOL_SIZE ?? 10) });
  query = (text, values) => pool.query(text, values);
  close = () => pool.end();
} else {
  const db = await PGlite.create(pgliteDir);
  query = (text, values) => db.query(text, values);
  close = () => db.close();
}
await query(CREATE);

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/insert', async (request) => {
  const name = (request.body as { name?: unknown } | undefined)?.name;
  const { rows } = await query(INSERT, [typeof name === 'string' ? name : 'bare']);
  return { id: String(rows[0].id) };
});
app.addHook('onClose', () => close());
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
