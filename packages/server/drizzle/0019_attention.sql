ALTER TABLE "devices" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "attention_fallback" jsonb;