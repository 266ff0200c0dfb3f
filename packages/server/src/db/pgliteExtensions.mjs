// @ts-check
// The PostgreSQL extensions the migrations create, loaded into every PGlite: the server's worker thread and the tests'
// snapshots. PGlite ships them in its npm package (PostgreSQL has them among its contrib modules). Plain JavaScript,
// as the worker thread it is imported by (pgliteWorker.mjs).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm };
