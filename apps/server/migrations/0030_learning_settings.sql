ALTER TABLE "organizations" ADD COLUMN "learning" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "evidence_kind" text;