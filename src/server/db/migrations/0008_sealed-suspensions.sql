CREATE TABLE "sealed_suspensions" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"suspended_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sealed_suspensions" ADD CONSTRAINT "sealed_suspensions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_suspensions" ADD CONSTRAINT "sealed_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sealed_suspensions_user_idx" ON "sealed_suspensions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sealed_suspensions_created_idx" ON "sealed_suspensions" USING btree ("created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
-- Suspensions made through an anonymous post before this table existed set users.suspended_at, which
-- the admin list shows. Seal them: one row per post, from the log entry that recorded it, while the
-- account is still suspended.
INSERT INTO "sealed_suspensions" ("post_id", "user_id", "suspended_by", "created_at")
SELECT DISTINCT ON (l."post_id") l."post_id", l."target_user_id", l."actor_id", l."created_at"
FROM "moderation_log" l
JOIN "users" u ON u."id" = l."target_user_id" AND u."suspended_at" IS NOT NULL
JOIN "posts" p ON p."id" = l."post_id"
WHERE l."action" = 'user_suspended' AND l."subject_hidden"
ORDER BY l."post_id", l."created_at" DESC
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ...and lift the listed flag of accounts no admin ever suspended by name: the sealed rows keep them
-- suspended.
UPDATE "users" u SET "suspended_at" = NULL
WHERE u."suspended_at" IS NOT NULL
AND EXISTS (SELECT 1 FROM "sealed_suspensions" s WHERE s."user_id" = u."id")
AND NOT EXISTS (
  SELECT 1 FROM "moderation_log" l
  WHERE l."target_user_id" = u."id" AND l."action" = 'user_suspended' AND NOT l."subject_hidden"
);
--> statement-breakpoint
-- The log keeps no account for a hidden suspension: sealed_suspensions is the one place that does.
UPDATE "moderation_log" SET "target_user_id" = NULL WHERE "subject_hidden";
