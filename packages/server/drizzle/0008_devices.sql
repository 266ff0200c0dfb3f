CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"command" text NOT NULL,
	"extras" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "software_version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "battery_level" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "battery_level" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "storage_total" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "storage_used" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "storage_used" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "announced_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "current_content_uuid" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "playback_position" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sync_progress" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "installed_content" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "guided_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "manufacturer_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolment_code_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrolment_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("device_id","id") WHERE status in ('queued', 'delivered');--> statement-breakpoint
CREATE INDEX "device_commands_open_expiry_idx" ON "device_commands" USING btree ("expires_at") WHERE status in ('queued', 'delivered');--> statement-breakpoint
-- Device type names of spec §3 (older demo databases called the Pico 4 'Pico 4 Enterprise'); the lookup list itself is
-- completed at every start (ensureLookups), which needs the names to be unique.
UPDATE "device_types" SET "name" = 'Pico 4' WHERE "name" = 'Pico 4 Enterprise';--> statement-breakpoint
CREATE UNIQUE INDEX "device_types_name_unique" ON "device_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_unique" ON "devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_enrolment_code_hash_unique" ON "devices" USING btree ("enrolment_code_hash");--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "is_online";--> statement-breakpoint
-- Demo databases seeded before the simulator (serial numbers PA7 + five digits) get their headsets simulated too.
UPDATE "devices" SET "simulated" = true WHERE "serial_number" ~ '^PA7[0-9]{5}$';
