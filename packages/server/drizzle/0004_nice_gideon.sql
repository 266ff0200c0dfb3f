CREATE TABLE "operating_systems" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"device_type_id" integer,
	"release_notes" text DEFAULT '' NOT NULL,
	"file" text,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operating_systems" ADD CONSTRAINT "operating_systems_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE set null ON UPDATE no action;