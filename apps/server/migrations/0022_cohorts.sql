CREATE TABLE "cohort_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"cohort_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"week_begins_on" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ends_at_display" timestamp with time zone,
	"deactivates_at" timestamp with time zone,
	"location" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{"publicInstructorComments":false,"peerCommentsReport":false,"weeklyInterviewGoal":10,"customTeamCount":null}'::jsonb NOT NULL,
	"payment" jsonb DEFAULT '{"editorPay":false,"manual":false,"editorFeeInCents":0}'::jsonb NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "cohorts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cohort_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_members_cohort_profile_idx" ON "cohort_members" USING btree ("cohort_id","profile_id");--> statement-breakpoint
CREATE INDEX "cohort_members_profile_idx" ON "cohort_members" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cohorts_organization_slug_idx" ON "cohorts" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "cohorts_organization_idx" ON "cohorts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_cohort_idx" ON "projects" USING btree ("cohort_id") WHERE "projects"."cohort_id" is not null;