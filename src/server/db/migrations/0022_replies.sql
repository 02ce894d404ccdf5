-- Replies (issue #49, decision 034): a reply is a row of posts in a thread (parent_id), answering the post
-- or a reply (reply_to_id), shown in the branch of a top-level reply (branch_id), with its anonymous label
-- in the thread; posts keep their reply count and whether replies are on. thread_labels: who holds which
-- label in a thread, for the server alone.
-- Online-safe (decision 026): a new table; columns without a default or with a constant one (no rewrite);
-- the foreign keys and checks on posts are added NOT VALID, so the busy table is not scanned under its
-- lock: every existing row has the new columns null or at their defaults, which meet them, and new rows are
-- checked in full. The indexes on posts are in 0023, built CONCURRENTLY.
CREATE TABLE "thread_labels" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"label" smallint NOT NULL,
	CONSTRAINT "thread_labels_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
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
ALTER TABLE "posts" ADD CONSTRAINT "posts_parent_id_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_to_id_posts_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_branch_id_posts_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_count_non_negative" CHECK ("posts"."reply_count" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_shape" CHECK ("posts"."parent_id" IS NOT NULL OR ("posts"."reply_to_id" IS NULL AND "posts"."branch_id" IS NULL AND "posts"."anonymous_label" IS NULL)) NOT VALID;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_no_askline" CHECK ("posts"."parent_id" IS NULL OR "posts"."askline_id" IS NULL) NOT VALID;