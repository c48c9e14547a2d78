ALTER TABLE "hypotheses" ADD COLUMN "jira_link" jsonb;--> statement-breakpoint
ALTER TABLE "hypotheses" ADD COLUMN "trello_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;