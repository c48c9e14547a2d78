CREATE TABLE "transcription_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transcription_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"speaker_idx" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"start_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"speaker_count" integer DEFAULT 1 NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transcription_entries" ADD CONSTRAINT "transcription_entries_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcription_entries_transcription_idx" ON "transcription_entries" USING btree ("transcription_id","idx");--> statement-breakpoint
CREATE INDEX "transcriptions_card_idx" ON "transcriptions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "transcriptions_organization_idx" ON "transcriptions" USING btree ("organization_id");