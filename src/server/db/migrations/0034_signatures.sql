-- Signatures in each other's yearbooks (issue #52, decision 040): one named message per writer and
-- recipient, pending until the recipient approves it; both accounts' deletion takes it. A new
-- signature tells its recipient (notifications.signature_id, kind signature_received), and the
-- notification goes with the signature.
-- Online-safe (decision 026): a new table with its indexes; a nullable column on notifications (no
-- rewrite); the foreign key and checks on existing tables are added NOT VALID, so no busy table is
-- scanned under its lock: every existing row has signature_id null and a kind the narrower check
-- allowed, and new rows are checked in full. The notifications index is 0035's, built CONCURRENTLY.
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"writer_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "signatures_status" CHECK ("signatures"."status" IN ('pending', 'approved')),
	CONSTRAINT "signatures_not_oneself" CHECK ("signatures"."writer_id" <> "signatures"."recipient_id"),
	CONSTRAINT "signatures_content_length" CHECK (char_length("signatures"."content") BETWEEN 1 AND 256),
	CONSTRAINT "signatures_approved_at" CHECK (("signatures"."status" = 'approved') = ("signatures"."approved_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "signature_id" uuid;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_writer_recipient_key" ON "signatures" USING btree ("writer_id","recipient_id");--> statement-breakpoint
CREATE INDEX "signatures_recipient_list_idx" ON "signatures" USING btree ("recipient_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_signature_kind" CHECK (("notifications"."kind" = 'signature_received') = ("notifications"."signature_id" IS NOT NULL)) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received', 'post_replied', 'reply_replied', 'mentioned', 'signature_received')) NOT VALID;