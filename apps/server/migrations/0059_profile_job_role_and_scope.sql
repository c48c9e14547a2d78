ALTER TABLE "organizations" ADD COLUMN "scope" jsonb DEFAULT '["default","onboarding"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "job_role" text DEFAULT '' NOT NULL;