-- The fleet search's trigram indexes (schema.ts). pg_trgm is a trusted extension: whoever may create objects in the
-- database may create it (PostgreSQL: contrib, which Debian's and most hosted servers have; PGlite: db/pgliteExtensions.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "devices_name_search_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_serial_search_idx" ON "devices" USING gin ("serial_number" gin_trgm_ops);