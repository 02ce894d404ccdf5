-- Every row a person owns or is named in points at their account (issue #27): an account deleted takes
-- its posts, likes and report reasons with it; asklines, staff decisions and log entries stay without
-- the name. Each foreign key column has an index, so removing one account reads only its own rows.
--
-- Rows of accounts that no longer exist (no route ever deleted one; only a hand-made change could)
-- are first settled by the same rules, counts included, so the constraints can be added.
CREATE TABLE "object_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "object_removals_due_idx" ON "object_removals" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "asklines_reviewed_by_idx" ON "asklines" USING btree ("reviewed_by") WHERE "asklines"."reviewed_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_log_actor_idx" ON "moderation_log" USING btree ("actor_id") WHERE "moderation_log"."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_log_target_idx" ON "moderation_log" USING btree ("target_user_id") WHERE "moderation_log"."target_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "verifications_value_idx" ON "verifications" USING hash ("value");--> statement-breakpoint
CREATE INDEX "report_reasons_reporter_idx" ON "report_reasons" USING btree ("reporter_id","post_id");--> statement-breakpoint
CREATE INDEX "reports_resolved_by_idx" ON "reports" USING btree ("resolved_by") WHERE "reports"."resolved_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sealed_suspensions_suspended_by_idx" ON "sealed_suspensions" USING btree ("suspended_by") WHERE "sealed_suspensions"."suspended_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "asklines" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
UPDATE "asklines" a SET "created_by" = NULL WHERE "created_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."created_by");--> statement-breakpoint
UPDATE "asklines" a SET "reviewed_by" = NULL WHERE "reviewed_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."reviewed_by");--> statement-breakpoint
UPDATE "reports" r SET "resolved_by" = NULL WHERE "resolved_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."resolved_by");--> statement-breakpoint
UPDATE "moderation_log" l SET "actor_id" = NULL WHERE "actor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = l."actor_id");--> statement-breakpoint
UPDATE "moderation_log" l SET "target_user_id" = NULL WHERE "target_user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = l."target_user_id");--> statement-breakpoint
UPDATE "sealed_suspensions" s SET "suspended_by" = NULL WHERE "suspended_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."suspended_by");--> statement-breakpoint
-- Likes and report reasons of missing accounts go, and the counts they made go with them.
WITH "gone" AS (
	DELETE FROM "likes" l WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = l."user_id") RETURNING "post_id"
), "lost" AS (SELECT "post_id", count(*)::int AS "n" FROM "gone" GROUP BY "post_id")
UPDATE "posts" p SET "like_count" = greatest(p."like_count" - "lost"."n", 0) FROM "lost" WHERE p."id" = "lost"."post_id";--> statement-breakpoint
WITH "gone" AS (
	DELETE FROM "report_reasons" r WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."reporter_id") RETURNING "post_id"
), "lost" AS (SELECT "post_id", count(*)::int AS "n" FROM "gone" GROUP BY "post_id"),
"emptied" AS (DELETE FROM "reports" r USING "lost" WHERE r."post_id" = "lost"."post_id" AND r."report_count" <= "lost"."n")
UPDATE "reports" r SET "report_count" = r."report_count" - "lost"."n" FROM "lost" WHERE r."post_id" = "lost"."post_id" AND r."report_count" > "lost"."n";--> statement-breakpoint
-- Posts of missing accounts go (their likes, reports and reasons with them, by their keys).
DELETE FROM "posts" p WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = p."user_id");--> statement-breakpoint
ALTER TABLE "asklines" ADD CONSTRAINT "asklines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asklines" ADD CONSTRAINT "asklines_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reasons" ADD CONSTRAINT "report_reasons_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_suspensions" ADD CONSTRAINT "sealed_suspensions_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Last, so that posts is closed to reads (DROP INDEX) only while this one index is built: a profile's
-- list read the live posts through a partial index; finding all of an author's posts (deleted ones
-- too) needs the whole set, and the list reads the same index in the same order.
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
