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
-- An admin's notice to every member, handed out a batch at a time by a background job.
CREATE TABLE "notification_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_user_id" text,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notification_broadcasts_pending_idx" ON "notification_broadcasts" USING btree ("created_at") WHERE "notification_broadcasts"."done_at" IS NULL;--> statement-breakpoint
-- Live delivery (issue #28): a change of someone's unread count is announced as NOTIFY
-- notifications_changed with their ids, comma-separated ('*' when more than a hundred people are
-- concerned: every instance then recounts for all its open streams), once per statement, not per row:
-- notifications made (a like's first of the day, a staff action, an admin's notice to everyone) or
-- removed (a post or an account deleted), marked read, and settings changed. A like that makes a read
-- notification unread again announces nothing here: whether it would depend on what the author did,
-- and NOTIFY slows the commit that sends it, so a liker could time it. The app announces every like of
-- another's post instead, after it answers and whatever the author did (features/notifications/live.ts).
CREATE FUNCTION "notify_notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT CASE WHEN count(DISTINCT "user_id") > 100 THEN '*' ELSE string_agg(DISTINCT "user_id", ',') END
    INTO ids FROM "changed";
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('notifications_changed', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_notifications_read"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT CASE WHEN count(DISTINCT a."user_id") > 100 THEN '*' ELSE string_agg(DISTINCT a."user_id", ',') END
    INTO ids FROM "after" a JOIN "before" b ON b."id" = a."id"
    WHERE b."read_at" IS NULL AND a."read_at" IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('notifications_changed', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_made" AFTER INSERT ON "notifications"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_removed" AFTER DELETE ON "notifications"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notifications_read" AFTER UPDATE ON "notifications"
REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_read"();--> statement-breakpoint
CREATE TRIGGER "notification_settings_made" AFTER INSERT ON "notification_settings"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notification_settings_changed" AFTER UPDATE ON "notification_settings"
REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_changed"();--> statement-breakpoint
CREATE TRIGGER "notification_settings_removed" AFTER DELETE ON "notification_settings"
REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "notify_notifications_changed"();
