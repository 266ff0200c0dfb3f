ALTER TABLE "multipart_uploads" ADD COLUMN "max_bytes" bigint;--> statement-breakpoint
CREATE INDEX "contents_file_idx" ON "contents" USING btree ("file");--> statement-breakpoint
CREATE INDEX "stored_files_storage_key_idx" ON "stored_files" USING btree ("storage_key");