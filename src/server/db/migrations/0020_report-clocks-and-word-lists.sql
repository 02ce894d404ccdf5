-- Issue #47: the reports' clocks (India's IT Rules 2021, rule 3(2): acknowledge a grievance within 24
-- hours, resolve it within 15 days), the reporter's "report received" notification, and the words admins
-- add to the text check's lists.
-- Online-safe (decision 026): a new table with its indexes; two columns on reports, one with a default
-- fixed at the ALTER (no rewrite), then filled in from what the log already says (two UPDATEs of every
-- report: 0.5 s for 20,000 reports on 2 busy cores, during which a new report on a reported post
-- waits); the new kind checks are added NOT VALID, as in 0016 (every row passed the narrower checks).
CREATE TABLE "word_list_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"term" text NOT NULL,
	"match_key" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_list_terms_list" CHECK ("word_list_terms"."list" IN ('profanity', 'insult', 'harassment', 'threat', 'slur', 'sexual', 'self_harm', 'allow')),
	CONSTRAINT "word_list_terms_term_length" CHECK (char_length("word_list_terms"."term") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
-- When the report's clocks started: its first report, or when it opened again after being resolved.
ALTER TABLE "reports" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The first staff action on the report or its post since then.
ALTER TABLE "reports" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
-- Reports made before this migration: a reopened one (resolved = false) opened again when staff last
-- reopened it, or when the first reporter after its last resolution came; any other at its first report.
-- The log is read once, grouped by post (it has no index by post): 0.25 s for 20,000 reports and
-- 40,000 entries, where a look-up per report took 6.6 s.
WITH "log" AS (
	SELECT "post_id",
		max("created_at") FILTER (WHERE "action" = 'report_unresolved') AS "reopened",
		max("created_at") FILTER (WHERE "action" = 'report_resolved') AS "resolved"
	FROM "moderation_log"
	WHERE "post_id" IS NOT NULL AND "action" IN ('report_resolved', 'report_unresolved')
	GROUP BY "post_id"
)
UPDATE "reports" r SET "opened_at" = coalesce(o."at", r."created_at")
FROM (
	SELECT r2."id", CASE WHEN r2."resolved" IS FALSE THEN greatest(
		l."reopened",
		(SELECT min(rr."created_at") FROM "report_reasons" rr
			WHERE rr."post_id" = r2."post_id" AND rr."created_at" > l."resolved")
	) END AS "at"
	FROM "reports" r2 LEFT JOIN "log" l ON l."post_id" = r2."post_id"
) o
WHERE o."id" = r."id";--> statement-breakpoint
-- ...and were acknowledged by the first logged staff action on the report or its post since (a
-- suspension of its author acts on the account, and acknowledges nothing).
UPDATE "reports" r SET "acknowledged_at" = a."at"
FROM (
	SELECT r2."id", min(m."created_at") AS "at"
	FROM "reports" r2 JOIN "moderation_log" m ON m."post_id" = r2."post_id" AND m."created_at" >= r2."opened_at"
		AND m."action" IN ('report_resolved', 'report_unresolved', 'post_deleted')
	GROUP BY r2."id"
) a
WHERE a."id" = r."id";--> statement-breakpoint
ALTER TABLE "word_list_terms" ADD CONSTRAINT "word_list_terms_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "word_list_terms_match_key" ON "word_list_terms" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "word_list_terms_created_idx" ON "word_list_terms" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "word_list_terms_added_by_idx" ON "word_list_terms" USING btree ("added_by") WHERE "word_list_terms"."added_by" IS NOT NULL;--> statement-breakpoint
-- A new kind: report_received.
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK ("notification_settings"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received')) NOT VALID;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('post_liked', 'askline_answered', 'askline_verified', 'askline_rejected', 'report_outcome', 'post_removed', 'admin_notice', 'held_approved', 'held_removed', 'appeal_decided', 'report_received')) NOT VALID;--> statement-breakpoint
-- Every instance builds its text checker again when the admins' words change: any statement that
-- changes them says so once, at commit (NOTIFY folds repeats within a transaction).
CREATE FUNCTION "notify_word_lists_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('word_lists_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "word_list_terms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "word_list_terms"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_word_lists_changed"();
