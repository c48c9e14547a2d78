ALTER TABLE "hypotheses" ADD COLUMN "review_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD COLUMN "review_requested_at" timestamp with time zone;