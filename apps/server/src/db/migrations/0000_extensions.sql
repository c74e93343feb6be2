-- Extensions the schema relies on; they come before any table. pg_trgm backs keyword search
-- (gin_trgm_ops indexes). On PGlite the contrib module must also be registered on open (src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
