CREATE TABLE "cohort_video_views" (
	"cohort_id" uuid NOT NULL,
	"video_id" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_video_views_cohort_id_video_id_profile_id_pk" PRIMARY KEY("cohort_id","video_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "videos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_video_views" ADD CONSTRAINT "cohort_video_views_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_video_views" ADD CONSTRAINT "cohort_video_views_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;