-- Indexes on live tables for issue #47, built without stopping writes (decision 026).
-- What deleting a held post takes with it.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "notifications_held_post_idx" ON "notifications" USING btree ("held_post_id") WHERE "notifications"."held_post_id" IS NOT NULL;--> statement-breakpoint
-- The text check: does an anonymous post name a member by full name...
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_full_name_lower_idx" ON "profiles" USING btree (lower("full_name"));--> statement-breakpoint
-- ...or by first name beside a campus word.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_first_name_lower_idx" ON "profiles" USING btree (split_part(lower("full_name"), ' ', 1));