CREATE TABLE "learning_digests" (
	"profile_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_digests_profile_id_project_id_pk" PRIMARY KEY("profile_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "learning_digests" ADD CONSTRAINT "learning_digests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;