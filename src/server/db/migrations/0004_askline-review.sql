ALTER TABLE "asklines" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "asklines" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "asklines_pending_idx" ON "asklines" USING btree ("created_at","id") WHERE NOT "asklines"."verified" AND "asklines"."reviewed_at" IS NULL;