-- The text check's holds (issue #47): posts kept for review, the warning a post went out after, and the
-- notifications that tell a held post's author what became of it.
-- Online-safe (decision 026): a new table; a column with a constant default (no rewrite); the new checks
-- and the foreign key on notifications are added NOT VALID, so the busy table is not scanned under its
-- lock. Every existing row already passed the narrower kind checks they replace, and held_post_id is null
-- in all of them; new rows are checked in full. Indexes on existing tables are in 0017, built CONCURRENTLY.
-- Posts held for review: only their author and staff see them; approving one inserts the post with this id.
CREATE TABLE "held_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"askline_id" uuid,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"outcome" text,
	"removal_reason" text,
	CONSTRAINT "held_posts_content_length" CHECK (char_length("held_posts"."content") BETWEEN 1 AND 256),
	CONSTRAINT "held_posts_outcome" CHECK ("held_posts"."outcome" IS NULL OR "held_posts"."outcome" IN ('approved', 'removed')),
	CONSTRAINT "held_posts_decided" CHECK (("held_posts"."outcome" IS NULL) = ("held_posts"."decided_at" IS NULL)),
	CONSTRAINT "held_posts_removal_reason" CHECK ("held_posts"."removal_reason" IS NULL OR char_length("held_posts"."removal_reason") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
-- A held post's outcome names the held post (a removed one never became a post).
ALTER TABLE "notifications" ADD COLUMN "held_post_id" uuid;--> statement-breakpoint
-- "Post anyway?" answered yes: shown to staff in report data only.
ALTER TABLE "posts" ADD COLUMN "posted_after_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_askline_id_asklines_id_fk" FOREIGN KEY ("askline_id") REFERENCES "public"."asklines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_posts_waiting_idx" ON "held_posts" USING btree ("created_at","id") WHERE "held_posts"."decided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "held_posts_user_idx" ON "held_posts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "held_posts_decided_by_idx" ON "held_posts" USING btree ("decided_by") WHERE "held_posts"."decided_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_held_post_id_held_posts_id_fk" FOREIGN KEY ("held_post_id") REFERENCES "public"."held_posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
-- Two new kinds: held_approved and held_removed.
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed')) NOT VALID;
