ALTER TABLE "multipart_upload_parts" ADD COLUMN "storage_etag" text;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD COLUMN "storage_upload_id" text;