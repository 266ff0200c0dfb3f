ALTER TABLE "devices" ADD COLUMN "sync_bytes_done" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sync_bytes_total" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sync_started_at" timestamp with time zone;