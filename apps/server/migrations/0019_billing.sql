CREATE TABLE "payment_sandbox_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"account_code" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE INDEX "payment_sandbox_records_account_idx" ON "payment_sandbox_records" USING btree ("kind","account_code");