ALTER TABLE "connections" ADD COLUMN "quote" text;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD COLUMN "quote" text;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "connection_suggestions" ADD COLUMN "evidence_version" integer;