-- Notification settings and digests (issue #28): per kind, shown in the app and/or mailed daily or weekly;
-- when each digest last went; headers for mail (List-Unsubscribe); and live notices of every change.
CREATE TABLE "notification_digests" (
	"user_id" text NOT NULL,
	"cadence" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_digests_user_id_cadence_pk" PRIMARY KEY("user_id","cadence"),
	CONSTRAINT "notification_digests_cadence" CHECK ("notification_digests"."cadence" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice')),
	CONSTRAINT "notification_settings_digest" CHECK ("notification_settings"."digest" IN ('daily', 'weekly', 'off'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_settings_digest_idx" ON "notification_settings" USING btree ("digest","user_id") WHERE "notification_settings"."digest" <> 'off';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_notice_has_text" CHECK ("notifications"."kind" <> 'admin_notice' OR "notifications"."detail" IS NOT NULL);--> statement-breakpoint
-- Live delivery (issue #28): every change of a person's unread count (a notification made, removed, read
-- or unread again) or of their settings is announced as NOTIFY notifications_changed with their id,
-- inside the statement that made it (a like stays one statement); every instance tells that person's
-- open streams their new unread count. A like on a post whose notification of the day is already unread
-- changes no count and announces nothing: NOTIFY serializes the commits that send it, so the busiest
-- path sends it only when the bell would move.
CREATE FUNCTION "notify_notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR DELETE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_read_changed" AFTER UPDATE OF "read_at" ON "notifications"
FOR EACH ROW WHEN (OLD."read_at" IS DISTINCT FROM NEW."read_at")
EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notification_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "notification_settings"
FOR EACH ROW EXECUTE FUNCTION "notify_notifications_changed"();
