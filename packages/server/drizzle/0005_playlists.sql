CREATE TABLE "configuration_items" (
	"configuration_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"position_number" integer NOT NULL,
	CONSTRAINT "configuration_items_configuration_id_content_id_pk" PRIMARY KEY("configuration_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "configuration_shares" (
	"configuration_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	CONSTRAINT "configuration_shares_configuration_id_organisation_id_pk" PRIMARY KEY("configuration_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"active_state" boolean DEFAULT false NOT NULL,
	"position_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "configuration_items" ADD CONSTRAINT "configuration_items_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration_items" ADD CONSTRAINT "configuration_items_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration_shares" ADD CONSTRAINT "configuration_shares_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration_shares" ADD CONSTRAINT "configuration_shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_owner_id_organisations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configuration_items_content_idx" ON "configuration_items" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "configuration_shares_org_idx" ON "configuration_shares" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "configurations_owner_idx" ON "configurations" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_active_configuration_id_configurations_id_fk" FOREIGN KEY ("active_configuration_id") REFERENCES "public"."configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_active_configuration_idx" ON "devices" USING btree ("active_configuration_id");