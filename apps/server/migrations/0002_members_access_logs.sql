CREATE TABLE "access_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid,
	"actor_id" uuid,
	"project_id" uuid,
	"service" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"optionals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "context" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_organization_created_idx" ON "access_logs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "access_logs_profile_created_idx" ON "access_logs" USING btree ("profile_id","created_at");