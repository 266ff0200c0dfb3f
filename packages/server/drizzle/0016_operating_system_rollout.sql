CREATE TABLE "operating_system_device_types" (
	"operating_system_id" integer NOT NULL,
	"device_type_id" integer NOT NULL,
	CONSTRAINT "operating_system_device_types_operating_system_id_device_type_id_pk" PRIMARY KEY("operating_system_id","device_type_id")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "software_update" jsonb;--> statement-breakpoint
ALTER TABLE "operating_systems" ADD COLUMN "is_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operating_system_device_types" ADD CONSTRAINT "operating_system_device_types_operating_system_id_operating_systems_id_fk" FOREIGN KEY ("operating_system_id") REFERENCES "public"."operating_systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_system_device_types" ADD CONSTRAINT "operating_system_device_types_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operating_system_device_types_type_idx" ON "operating_system_device_types" USING btree ("device_type_id");--> statement-breakpoint
-- Each image keeps its model; one that fitted every model ("null") is now for each of them.
INSERT INTO "operating_system_device_types" ("operating_system_id", "device_type_id")
SELECT o."id", t."id" FROM "operating_systems" o JOIN "device_types" t ON o."device_type_id" IS NULL OR t."id" = o."device_type_id";--> statement-breakpoint
ALTER TABLE "operating_systems" DROP CONSTRAINT "operating_systems_device_type_id_device_types_id_fk";
--> statement-breakpoint
ALTER TABLE "operating_systems" DROP COLUMN "device_type_id";