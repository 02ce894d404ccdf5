-- A class's tab in the feed (issue #51, decision 038): its named posts newest (or oldest) first and
-- most liked first, read in order without walking every post (a small class is a few posts in a
-- million). Built on the live table without stopping writes (decision 026). A campus's tab walks the
-- feed's own indexes: each campus writes about half the posts.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_class_newest_idx" ON "posts" USING btree ("author_year","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted" AND "posts"."author_year" IS NOT NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "posts_class_most_liked_idx" ON "posts" USING btree ("author_year","like_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "posts"."deleted" AND "posts"."author_year" IS NOT NULL;
