CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"project_id" uuid,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"filename" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_pdf" boolean DEFAULT false NOT NULL,
	"summary" text,
	"processing" boolean DEFAULT false NOT NULL,
	"summary_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_subject_idx" ON "media" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "media_organization_idx" ON "media" USING btree ("organization_id");