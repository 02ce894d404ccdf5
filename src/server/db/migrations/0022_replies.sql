-- Replies (issue #49, decision 034). A reply is a row of posts in a thread (parent_id), answering the post or a
-- reply (reply_to_id), shown in the branch of a top-level reply (branch_id), with its anonymous label in the
-- thread; a post keeps its reply count and whether replies are on. thread_labels: who holds which label in a
-- thread, for the server alone. A held reply keeps its thread (held_posts). Notifications of replies to
-- one's post or reply, and of mentions.
-- Online-safe (decision 026): a new table; columns without a default or with a constant one (no rewrite);
-- the foreign keys and checks on existing tables are added NOT VALID, so no busy table is scanned under its
-- lock: every existing row has the new columns null or at their defaults, or a kind the narrower check
-- allowed, and new rows are checked in full. The indexes on existing tables are in 0023, built CONCURRENTLY.
CREATE TABLE "thread_labels" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"label" smallint NOT NULL,
	CONSTRAINT "thread_labels_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "held_posts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "held_posts" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "anonymous_label" smallint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "replies_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_labels" ADD CONSTRAINT "thread_labels_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_labels" ADD CONSTRAINT "thread_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thread_labels_label_idx" ON "thread_labels" USING btree ("post_id","label");--> statement-breakpoint
CREATE INDEX "thread_labels_user_idx" ON "thread_labels" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_parent_id_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_reply_to_id_posts_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_parent_id_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_to_id_posts_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_branch_id_posts_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned')) NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_count_non_negative" CHECK ("posts"."reply_count" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_shape" CHECK ("posts"."parent_id" IS NOT NULL OR ("posts"."reply_to_id" IS NULL AND "posts"."branch_id" IS NULL AND "posts"."anonymous_label" IS NULL)) NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_no_askline" CHECK ("posts"."parent_id" IS NULL OR "posts"."askline_id" IS NULL) NOT VALID;