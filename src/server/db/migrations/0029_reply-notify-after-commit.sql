-- A reply's notifications are announced by the app after its commit, not by NOTIFY in its transaction
-- (issue #49). NOTIFY makes the commit that sends it take one lock for the whole server while it
-- queues the message and flushes the WAL, so every reply waited in line behind every other reply's
-- commit: under load a reply cost three times a post. The reply route already announces everyone it
-- told once it has answered (features/notifications/live.ts gathers them into one NOTIFY every 25 ms,
-- outside any request's transaction), as the like route does; it says so to this trigger with
-- set_config('yearbook.announced_after_commit', 'on', true), which lasts until its transaction ends.
-- Every other writer of notifications (staff, held posts, appeals, deletions) is announced as before.
CREATE OR REPLACE FUNCTION "notify_notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF current_setting('yearbook.announced_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT CASE WHEN count(DISTINCT "user_id") > 100 THEN '*' ELSE string_agg(DISTINCT "user_id", ',') END
    INTO ids FROM "changed";
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('notifications_changed', ids);
  END IF;
  RETURN NULL;
END $$;
