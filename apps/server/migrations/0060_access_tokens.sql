ALTER TABLE "api_tokens" ALTER COLUMN "sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;