CREATE TABLE "experiments" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"experiment_type" text DEFAULT 'evaluative' NOT NULL,
	"phase" text DEFAULT 'plan' NOT NULL,
	"rank" text collate "C" NOT NULL,
	"phase_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"durations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"due_date" timestamp with time zone,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"success" boolean,
	"success_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analyze" jsonb DEFAULT '{"market":"","investment":"","details":"","hypothesisChanged":false,"hypothesis":[]}'::jsonb NOT NULL,
	"key_learnings" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "dashboard" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "market" jsonb DEFAULT '{"target":null,"served":null,"total":null,"notes":"","analysis":"","links":[],"media":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "investment" jsonb DEFAULT '{"total":null,"toDate":null,"notes":"","media":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiments_project_phase_idx" ON "experiments" USING btree ("project_id","phase","rank");