ALTER TABLE "profiles" ADD COLUMN "bg_color" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "info" jsonb DEFAULT '{}'::jsonb NOT NULL;