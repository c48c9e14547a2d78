CREATE TABLE "connection_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"evidence_card_id" uuid NOT NULL,
	"hypothesis_card_id" uuid NOT NULL,
	"score" real NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"total_stages" integer DEFAULT 1 NOT NULL,
	"prompt" text,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"provider" text,
	"fell_back" boolean DEFAULT false NOT NULL,
	"modified_by_user" boolean DEFAULT false NOT NULL,
	"requested_by_profile_id" uuid,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "petal" jsonb DEFAULT '{"categories":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "generated" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_texts" ADD COLUMN "generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD CONSTRAINT "connection_suggestions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD CONSTRAINT "connection_suggestions_evidence_card_id_cards_id_fk" FOREIGN KEY ("evidence_card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD CONSTRAINT "connection_suggestions_hypothesis_card_id_cards_id_fk" FOREIGN KEY ("hypothesis_card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_suggestions_pair_idx" ON "connection_suggestions" USING btree ("evidence_card_id","hypothesis_card_id");--> statement-breakpoint
CREATE INDEX "connection_suggestions_hypothesis_idx" ON "connection_suggestions" USING btree ("hypothesis_card_id");--> statement-breakpoint
CREATE INDEX "generations_organization_created_idx" ON "generations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "generations_project_kind_idx" ON "generations" USING btree ("project_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "generations_card_idx" ON "generations" USING btree ("card_id","kind") WHERE "generations"."card_id" is not null;