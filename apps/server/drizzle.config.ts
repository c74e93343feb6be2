// drizzle-kit: `npm run db:generate -w @edu/server` writes SQL migrations from src/db/schema.ts.
// Migrations are committed and append-only; the server applies them at start (src/db/migrate.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
