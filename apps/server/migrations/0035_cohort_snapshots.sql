CREATE TABLE "cohort_snapshots" (
	"cohort_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"team_id" uuid NOT NULL,
	"team_name" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"points" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_snapshots_cohort_id_week_team_id_pk" PRIMARY KEY("cohort_id","week","team_id")
);
--> statement-breakpoint
ALTER TABLE "cohort_snapshots" ADD CONSTRAINT "cohort_snapshots_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;