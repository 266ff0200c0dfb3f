CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"organisation_id" integer,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entry_devices" (
	"entry_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"device_name" text NOT NULL,
	"command_id" integer,
	"refusal" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_entry_devices_entry_id_device_id_pk" PRIMARY KEY("entry_id","device_id")
);
--> statement-breakpoint
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
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entry_devices" ADD CONSTRAINT "audit_entry_devices_entry_id_audit_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."audit_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entry_devices" ADD CONSTRAINT "audit_entry_devices_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_requests" ADD CONSTRAINT "publication_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_org_time_idx" ON "audit_entries" USING btree ("organisation_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_org_kind_time_idx" ON "audit_entries" USING btree ("organisation_id","kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_kind_time_idx" ON "audit_entries" USING btree ("kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_time_idx" ON "audit_entries" USING btree ("actor_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_entry_devices_device_time_idx" ON "audit_entry_devices" USING btree ("device_id","occurred_at","entry_id");--> statement-breakpoint
CREATE INDEX "audit_entry_devices_command_idx" ON "audit_entry_devices" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "publication_requests_content_idx" ON "publication_requests" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "publication_requests_state_idx" ON "publication_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_requests_one_pending" ON "publication_requests" USING btree ("content_id") WHERE state = 'pending';