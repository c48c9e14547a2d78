CREATE TABLE "card_interviewees" (
	"card_id" uuid NOT NULL,
	"interviewee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_interviewees_card_id_interviewee_id_pk" PRIMARY KEY("card_id","interviewee_id")
);
--> statement-breakpoint
CREATE TABLE "evidence" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"email" text,
	"has_email" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone,
	"engagement" jsonb
);
--> statement-breakpoint
CREATE TABLE "interviewees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"company_location" text DEFAULT '' NOT NULL,
	"linkedin" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_interviewees" ADD CONSTRAINT "card_interviewees_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_interviewees" ADD CONSTRAINT "card_interviewees_interviewee_id_interviewees_id_fk" FOREIGN KEY ("interviewee_id") REFERENCES "public"."interviewees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviewees" ADD CONSTRAINT "interviewees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_interviewees_interviewee_idx" ON "card_interviewees" USING btree ("interviewee_id");--> statement-breakpoint
CREATE INDEX "interviewees_organization_name_idx" ON "interviewees" USING btree ("organization_id","name");