CREATE TABLE "billing_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"event_type" text NOT NULL,
	"object_id" text NOT NULL,
	"event_time" timestamp with time zone,
	"organization_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
