CREATE TABLE "lesson_plan_shares" (
	"lesson_plan_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	CONSTRAINT "lesson_plan_shares_lesson_plan_id_organisation_id_pk" PRIMARY KEY("lesson_plan_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_plan_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_plan_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"position_number" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"planned_minutes" integer
);
--> statement-breakpoint
CREATE TABLE "lesson_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "lesson_plan_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "lesson_plan_step" integer;--> statement-breakpoint
ALTER TABLE "lesson_plan_shares" ADD CONSTRAINT "lesson_plan_shares_lesson_plan_id_lesson_plans_id_fk" FOREIGN KEY ("lesson_plan_id") REFERENCES "public"."lesson_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_shares" ADD CONSTRAINT "lesson_plan_shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_steps" ADD CONSTRAINT "lesson_plan_steps_lesson_plan_id_lesson_plans_id_fk" FOREIGN KEY ("lesson_plan_id") REFERENCES "public"."lesson_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_steps" ADD CONSTRAINT "lesson_plan_steps_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_owner_id_organisations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_plan_shares_org_idx" ON "lesson_plan_shares" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_steps_plan_idx" ON "lesson_plan_steps" USING btree ("lesson_plan_id","position_number");--> statement-breakpoint
CREATE INDEX "lesson_plan_steps_content_idx" ON "lesson_plan_steps" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "lesson_plans_owner_idx" ON "lesson_plans" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_lesson_plan_id_lesson_plans_id_fk" FOREIGN KEY ("lesson_plan_id") REFERENCES "public"."lesson_plans"("id") ON DELETE set null ON UPDATE no action;