-- Post search finds replies too (issue #49): its walk of the newest live rows reads every live post and
-- reply newest first. Built on a live table without stopping writes (decision 026).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_live_newest_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted";
