CREATE TABLE "public_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"share_setting" text DEFAULT 'hidden' NOT NULL,
	"status" text DEFAULT 'initializing' NOT NULL,
	"image_media_id" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"section" text NOT NULL,
	"rank" text collate "C" NOT NULL,
	"draft" jsonb NOT NULL,
	"live" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"rank" text collate "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_protected" boolean DEFAULT false NOT NULL,
	"rank" text collate "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_boards" ADD CONSTRAINT "public_boards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_boards" ADD CONSTRAINT "public_boards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_cards" ADD CONSTRAINT "public_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_cards" ADD CONSTRAINT "public_cards_board_id_public_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."public_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_cards" ADD CONSTRAINT "public_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_categories" ADD CONSTRAINT "public_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_categories" ADD CONSTRAINT "public_categories_board_id_public_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."public_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_sections" ADD CONSTRAINT "public_sections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_sections" ADD CONSTRAINT "public_sections_board_id_public_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."public_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_boards_project_idx" ON "public_boards" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_boards_link_idx" ON "public_boards" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "public_cards_board_card_idx" ON "public_cards" USING btree ("board_id","card_id");--> statement-breakpoint
CREATE INDEX "public_cards_board_section_idx" ON "public_cards" USING btree ("board_id","section","rank");--> statement-breakpoint
CREATE INDEX "public_categories_board_idx" ON "public_categories" USING btree ("board_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "public_sections_board_key_idx" ON "public_sections" USING btree ("board_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "public_sections_board_default_idx" ON "public_sections" USING btree ("board_id") WHERE "public_sections"."is_default";