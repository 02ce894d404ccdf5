-- ORDER BY x DESC means NULLS FIRST. These indexes were DESC NULLS LAST (drizzle's default), an order no
-- query asks for, so PostgreSQL could not read them in order and sorted whole tables instead.
DROP INDEX "asklines_verified_created_idx";--> statement-breakpoint
DROP INDEX "moderation_log_created_idx";--> statement-breakpoint
DROP INDEX "posts_feed_newest_idx";--> statement-breakpoint
DROP INDEX "posts_feed_most_liked_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
DROP INDEX "posts_askline_created_idx";--> statement-breakpoint
DROP INDEX "reports_open_count_idx";--> statement-breakpoint
DROP INDEX "reports_resolved_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_idx";--> statement-breakpoint
CREATE INDEX "asklines_verified_created_idx" ON "asklines" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "asklines"."verified";--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_feed_newest_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_feed_most_liked_idx" ON "posts" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_askline_created_idx" ON "posts" USING btree ("askline_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "reports_open_count_idx" ON "reports" USING btree ("report_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "reports"."resolved" IS NOT TRUE;--> statement-breakpoint
CREATE INDEX "reports_resolved_created_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST) WHERE "reports"."resolved";--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST);