-- Notifications (issue #28): what happened to what a person wrote. Likes are one row per post and day,
-- upserted by the like statement itself (features/posts/set-like.ts).
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"askline_id" uuid,
	"day" date,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice')),
	CONSTRAINT "notifications_like_has_day" CHECK ("notifications"."kind" <> 'post_liked' OR ("notifications"."post_id" IS NOT NULL AND "notifications"."day" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_askline_id_asklines_id_fk" FOREIGN KEY ("askline_id") REFERENCES "public"."asklines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_post_liked_day_key" ON "notifications" USING btree ("post_id","day") WHERE "notifications"."kind" = 'post_liked';--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_askline_idx" ON "notifications" USING btree ("askline_id") WHERE "notifications"."askline_id" IS NOT NULL;--> statement-breakpoint
-- A post's likes newest first: a like notification reads one day of them without sorting. Same first
-- column as before, so the likes of a post are still found through it (deleting a post, "liked by me").
DROP INDEX "likes_post_idx";--> statement-breakpoint
CREATE INDEX "likes_post_idx" ON "likes" USING btree ("post_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Answers to an askline: one row per askline and day, upserted as each is posted (posts/create-post.ts).
CREATE UNIQUE INDEX "notifications_askline_answered_day_key" ON "notifications" USING btree ("askline_id","day") WHERE "notifications"."kind" = 'askline_answered';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_askline_kinds" CHECK ("notifications"."kind" NOT IN ('askline_answered', 'askline_verified', 'askline_rejected') OR "notifications"."askline_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_answers_have_day" CHECK ("notifications"."kind" <> 'askline_answered' OR "notifications"."day" IS NOT NULL);