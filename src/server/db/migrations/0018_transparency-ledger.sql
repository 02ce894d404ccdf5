CREATE TABLE "transparency_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transparency_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"detail" text,
	"waited_seconds" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transparency_events_kind" CHECK ("transparency_events"."kind" IN ('report_received', 'report_actioned', 'post_held', 'held_decided', 'post_removed', 'appeal_made', 'appeal_decided')),
	CONSTRAINT "transparency_events_waited" CHECK ("transparency_events"."waited_seconds" IS NULL OR "transparency_events"."waited_seconds" >= 0)
);
--> statement-breakpoint
CREATE INDEX "transparency_events_at_idx" ON "transparency_events" USING btree ("at");--> statement-breakpoint
-- The months before the ledger, from the rows still there (a report whose post or reporter was since
-- deleted is gone with them): each report reason, each hold and its decision, each removal by staff,
-- and each report's first action by staff (resolved, or its post removed) with how long it had waited.
INSERT INTO "transparency_events" ("kind", "detail", "at")
  SELECT 'report_received', "reason", "created_at" FROM "report_reasons";
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "at") SELECT 'post_held', "created_at" FROM "held_posts";
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "detail", "waited_seconds", "at")
  SELECT 'held_decided', "outcome", greatest(0, floor(extract(epoch FROM "decided_at" - "created_at")))::integer, "decided_at"
  FROM "held_posts" WHERE "decided_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "at")
  SELECT 'post_removed', "created_at" FROM "moderation_log" WHERE "action" = 'post_deleted';
--> statement-breakpoint
INSERT INTO "transparency_events" ("kind", "waited_seconds", "at")
  SELECT 'report_actioned', greatest(0, floor(extract(epoch FROM "first"."at" - "r"."created_at")))::integer, "first"."at"
  FROM "reports" "r"
  CROSS JOIN LATERAL (
    SELECT min("l"."created_at") AS "at" FROM "moderation_log" "l"
    WHERE "l"."post_id" = "r"."post_id" AND "l"."action" IN ('report_resolved', 'post_deleted')
      AND "l"."created_at" >= "r"."created_at"
  ) "first"
  WHERE "first"."at" IS NOT NULL;
