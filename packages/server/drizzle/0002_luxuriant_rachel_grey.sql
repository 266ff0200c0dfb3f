CREATE TABLE "content_languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multipart_upload_parts" (
	"upload_id" text NOT NULL,
	"part_number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "multipart_upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "multipart_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"part_size" integer NOT NULL,
	"max_parts" integer NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer,
	"organisation_id" integer NOT NULL,
	"uploaded_by" integer,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "multipart_upload_parts" ADD CONSTRAINT "multipart_upload_parts_upload_id_multipart_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."multipart_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multipart_uploads_target_idx" ON "multipart_uploads" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "stored_files_content_idx" ON "stored_files" USING btree ("content_id");