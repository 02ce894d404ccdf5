-- The indexes of replies (issue #49, decision 034), built on live tables without stopping writes (decision
-- 026): the feed's orders and a profile's list leave replies out; a thread's top-level replies in order,
-- each branch, and the replies answering a reply; the upsert keys of the reply and mention notifications.
-- The feed's old indexes are dropped once the new ones stand.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notifications_post_replied_day_key" ON "notifications" USING btree ("post_id","day") WHERE "notifications"."kind" = 'post_replied';--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notifications_reply_replied_day_key" ON "notifications" USING btree ("post_id","day") WHERE "notifications"."kind" = 'reply_replied';--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notifications_mentioned_key" ON "notifications" USING btree ("post_id","user_id") WHERE "notifications"."kind" = 'mentioned';--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_feed_newest_top_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted" AND "posts"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_feed_most_liked_top_idx" ON "posts" USING btree ("like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted" AND "posts"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_user_top_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_thread_idx" ON "posts" USING btree ("parent_id","created_at","id") WHERE "posts"."parent_id" IS NOT NULL AND "posts"."branch_id" IS NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_branch_idx" ON "posts" USING btree ("branch_id","created_at","id") WHERE "posts"."branch_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_reply_to_idx" ON "posts" USING btree ("reply_to_id","created_at") WHERE "posts"."reply_to_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "posts_feed_newest_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "posts_feed_most_liked_idx";
