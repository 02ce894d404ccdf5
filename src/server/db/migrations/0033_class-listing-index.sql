-- A class page (issue #52): a graduation year's members of one campus, by name then username, without
-- those who left it, read in order a page at a time (keyset) and counted per campus, never sorting the
-- class. Built on the live table without stopping writes (decision 026), in a migration of its own.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_class_listing_idx" ON "profiles" USING btree ("graduation_year","institution",lower("full_name"),"username") WHERE NOT "profiles"."hidden_from_class";
