-- The yearbook's PDFs (issue #52, decision 041): book_jobs holds each book asked for, being made, made
-- or failed, with its file's key and expiry; a made book tells its requester (notifications.book_job_id,
-- kind book_ready), and the notification goes with the book's row. posts.in_class_book: the author of
-- an anonymous askline answer chose to have it printed, unnamed, in their class's book.
-- Online-safe (decision 026): a new table with its indexes; nullable or constant-default columns on
-- notifications and posts (no rewrite); the foreign key and checks on existing tables are added NOT
-- VALID, so no busy table is scanned under its lock: every existing row has book_job_id null and a kind
-- the narrower check allowed, and new rows are checked in full. The notifications index is 0038's,
-- built CONCURRENTLY.
CREATE TABLE "book_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"requested_by" text NOT NULL,
	"year" smallint,
	"campus" "institution",
	"paper" text NOT NULL,
	"post_ids" uuid[],
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"object_key" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "book_jobs_kind" CHECK ("book_jobs"."kind" IN ('page', 'class')),
	CONSTRAINT "book_jobs_paper" CHECK ("book_jobs"."paper" IN ('A4', 'Letter')),
	CONSTRAINT "book_jobs_status" CHECK ("book_jobs"."status" IN ('queued', 'making', 'ready', 'failed')),
	CONSTRAINT "book_jobs_progress" CHECK ("book_jobs"."progress" BETWEEN 0 AND 1),
	CONSTRAINT "book_jobs_shape" CHECK (("book_jobs"."kind" = 'page' AND "book_jobs"."year" IS NULL AND "book_jobs"."campus" IS NULL AND "book_jobs"."post_ids" IS NOT NULL AND cardinality("book_jobs"."post_ids") <= 20)
        OR ("book_jobs"."kind" = 'class' AND "book_jobs"."year" IS NOT NULL AND "book_jobs"."campus" IS NOT NULL AND "book_jobs"."post_ids" IS NULL)),
	CONSTRAINT "book_jobs_ready" CHECK (("book_jobs"."status" = 'ready') = ("book_jobs"."expires_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "book_job_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "in_class_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "book_jobs" ADD CONSTRAINT "book_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_jobs_requester_idx" ON "book_jobs" USING btree ("requested_by","kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "book_jobs_class_idx" ON "book_jobs" USING btree ("year","campus","created_at" DESC NULLS FIRST) WHERE "book_jobs"."kind" = 'class';--> statement-breakpoint
CREATE UNIQUE INDEX "book_jobs_page_in_flight_key" ON "book_jobs" USING btree ("requested_by") WHERE "book_jobs"."kind" = 'page' AND "book_jobs"."status" IN ('queued', 'making');--> statement-breakpoint
CREATE UNIQUE INDEX "book_jobs_class_in_flight_key" ON "book_jobs" USING btree ("year","campus") WHERE "book_jobs"."kind" = 'class' AND "book_jobs"."status" IN ('queued', 'making');--> statement-breakpoint
CREATE INDEX "book_jobs_queue_idx" ON "book_jobs" USING btree ("created_at") WHERE "book_jobs"."status" IN ('queued', 'making');--> statement-breakpoint
CREATE INDEX "book_jobs_expiry_idx" ON "book_jobs" USING btree ("expires_at") WHERE "book_jobs"."expires_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_book_job_id_book_jobs_id_fk" FOREIGN KEY ("book_job_id") REFERENCES "public"."book_jobs"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received', 'book_ready')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_book_kind" CHECK (("notifications"."kind" = 'book_ready') = ("notifications"."book_job_id" IS NOT NULL)) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received', 'book_ready')) NOT VALID;