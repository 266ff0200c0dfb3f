CREATE TABLE "publication_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"note" text NOT NULL,
	"requested_by" integer,
	"reason" text,
	"decided_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "is_administrator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "storage_quota_bytes" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_requests_content_idx" ON "publication_requests" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "publication_requests_state_idx" ON "publication_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_requests_one_pending" ON "publication_requests" USING btree ("content_id") WHERE state = 'pending';