ALTER TABLE "cohorts" ADD COLUMN "default_canvas_id" text;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_presentations" ADD COLUMN "name" text DEFAULT '' NOT NULL;