-- Statements of reasons and appeals (issue #47): each removal by staff with the rule of the Terms it
-- broke, the facts and how it was found; the author's one appeal of it; notifications that carry them.
-- Online-safe (decision 026): two new tables; a nullable column on notifications (no rewrite, and no
-- foreign key or index on it: see schema.ts); the widened kind checks are added NOT VALID, so the busy
-- tables are not scanned under their lock. Every existing row passed the narrower checks they replace.
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"outcome" text,
	CONSTRAINT "appeals_text_length" CHECK (char_length("appeals"."text") BETWEEN 1 AND 1000),
	CONSTRAINT "appeals_outcome" CHECK ("appeals"."outcome" IS NULL OR "appeals"."outcome" IN ('upheld', 'overturned')),
	CONSTRAINT "appeals_decided" CHECK (("appeals"."outcome" IS NULL) = ("appeals"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid,
	"held_post_id" uuid,
	"author_id" text NOT NULL,
	"rule" text NOT NULL,
	"facts" text NOT NULL,
	"found_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_kind" CHECK ("moderation_decisions"."kind" IN ('post_removed', 'held_removed')),
	CONSTRAINT "moderation_decisions_subject" CHECK (("moderation_decisions"."kind" = 'post_removed' AND "moderation_decisions"."post_id" IS NOT NULL AND "moderation_decisions"."held_post_id" IS NULL)
        OR ("moderation_decisions"."kind" = 'held_removed' AND "moderation_decisions"."held_post_id" IS NOT NULL AND "moderation_decisions"."post_id" IS NULL)),
	CONSTRAINT "moderation_decisions_rule" CHECK ("moderation_decisions"."rule" IN ('harassment', 'private_information', 'impersonation', 'explicit_violent_illegal', 'infringement', 'spam', 'security')),
	CONSTRAINT "moderation_decisions_facts_length" CHECK (char_length("moderation_decisions"."facts") BETWEEN 1 AND 500),
	CONSTRAINT "moderation_decisions_found_by" CHECK ("moderation_decisions"."found_by" IN ('text_check', 'member_reports', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
-- The decision a removal's or an appeal's notification is about.
ALTER TABLE "notifications" ADD COLUMN "decision_id" uuid;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_held_post_id_held_posts_id_fk" FOREIGN KEY ("held_post_id") REFERENCES "public"."held_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_key" ON "appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "appeals" USING btree ("created_at","id") WHERE "appeals"."decided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "appeals_decided_by_idx" ON "appeals" USING btree ("decided_by") WHERE "appeals"."decided_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_decisions_post_idx" ON "moderation_decisions" USING btree ("post_id","decided_at" DESC NULLS FIRST) WHERE "moderation_decisions"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_decisions_held_post_idx" ON "moderation_decisions" USING btree ("held_post_id","decided_at" DESC NULLS FIRST) WHERE "moderation_decisions"."held_post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_decisions_author_idx" ON "moderation_decisions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_by_idx" ON "moderation_decisions" USING btree ("decided_by") WHERE "moderation_decisions"."decided_by" IS NOT NULL;--> statement-breakpoint
-- A new kind: appeal_decided.
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided')) NOT VALID;
