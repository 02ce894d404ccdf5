-- The notification of a made book (issue #52): one per book, and what the book's removal takes with it
-- (its foreign key's cascade reads it). Built on the live table without stopping writes (decision
-- 026), in a migration of its own.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notifications_book_job_key" ON "notifications" USING btree ("book_job_id") WHERE "notifications"."book_job_id" IS NOT NULL;