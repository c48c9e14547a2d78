ALTER TABLE "projects" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "evidence" ADD COLUMN "video_meeting" jsonb;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "email_attachment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_email_idx" ON "projects" USING btree ("email") WHERE "projects"."email" is not null;