-- The notification of a signature (issue #52): one per signature, and what the signature's removal or
-- withdrawal takes with it (its foreign key's cascade reads it). Built on the live table without
-- stopping writes (decision 026), in a migration of its own.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "notifications_signature_key" ON "notifications" USING btree ("signature_id") WHERE "notifications"."signature_id" IS NOT NULL;