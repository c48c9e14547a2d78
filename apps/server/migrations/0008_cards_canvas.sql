CREATE TABLE "board_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"section_type" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#868e96' NOT NULL,
	"rank" text collate "C" NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_texts" (
	"card_id" uuid NOT NULL,
	"field" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"raw_text" text DEFAULT '' NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_profile_id" uuid,
	CONSTRAINT "card_texts_card_id_field_pk" PRIMARY KEY("card_id","field")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"template" boolean DEFAULT false NOT NULL,
	"template_name" text,
	"is_evidence" boolean DEFAULT false NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin" text,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_profile_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_profile_id" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hypotheses" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"hypothesis_type" text DEFAULT 'business' NOT NULL,
	"canvas_section" text DEFAULT 'unassigned' NOT NULL,
	"canvas_rank" text collate "C" NOT NULL,
	"timeline_section" text,
	"timeline_rank" text collate "C",
	"product_status_section" text,
	"product_status_rank" text collate "C",
	"product_theme_section" text,
	"product_theme_rank" text collate "C",
	"business_status" text DEFAULT 'inTesting' NOT NULL,
	"risky" boolean DEFAULT false NOT NULL,
	"result" text DEFAULT 'none' NOT NULL,
	"result_reason" text,
	"result_updated_by" uuid,
	"result_updated_at" timestamp with time zone,
	"summary" text DEFAULT '' NOT NULL,
	"product_score" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "canvas" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "prioritization" text DEFAULT 'ice' NOT NULL;--> statement-breakpoint
ALTER TABLE "board_sections" ADD CONSTRAINT "board_sections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_sections" ADD CONSTRAINT "board_sections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_texts" ADD CONSTRAINT "card_texts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD CONSTRAINT "hypotheses_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "board_sections_project_type_key_idx" ON "board_sections" USING btree ("project_id","section_type","key");--> statement-breakpoint
CREATE INDEX "cards_project_type_idx" ON "cards" USING btree ("project_id","type") WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_project_published_idx" ON "cards" USING btree ("project_id","published_at") WHERE "cards"."deleted_at" is null and "cards"."draft" = false;--> statement-breakpoint
CREATE INDEX "cards_organization_template_idx" ON "cards" USING btree ("organization_id") WHERE "cards"."template" = true and "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "hypotheses_project_type_idx" ON "hypotheses" USING btree ("project_id","hypothesis_type");--> statement-breakpoint
CREATE INDEX "hypotheses_canvas_rank_idx" ON "hypotheses" USING btree ("project_id","canvas_section","canvas_rank");