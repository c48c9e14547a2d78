CREATE TABLE "pending_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_uploads_uploaded_idx" ON "pending_uploads" USING btree ("uploaded_at");