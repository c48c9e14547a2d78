CREATE TABLE "work_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
