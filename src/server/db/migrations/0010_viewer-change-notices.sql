-- Every instance keeps who a session belongs to in memory for a short while (auth/viewer-cache.ts).
-- Whatever changes that answer sends NOTIFY viewer_changed with the user's id, from the transaction that
-- changes it, so each instance forgets the user's sessions as the change commits: a session ended
-- (sign-out, password change, expiry sweep), a suspension of either kind made or lifted, a profile
-- made or its username or role changed, an email changed, an account deleted. Written as triggers so
-- that no way of changing these rows (better-auth's own queries, the admin command line, another
-- instance) can forget to say so.
CREATE FUNCTION "notify_viewer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('viewer_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_viewer_changed_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('viewer_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_viewer_changed" AFTER DELETE OR UPDATE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_viewer_changed" AFTER UPDATE OF "email", "suspended_at" ON "users"
FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."suspended_at" IS DISTINCT FROM NEW."suspended_at")
EXECUTE FUNCTION "notify_viewer_changed_by_id"();
--> statement-breakpoint
CREATE TRIGGER "users_viewer_deleted" AFTER DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed_by_id"();
--> statement-breakpoint
CREATE TRIGGER "profiles_viewer_changed" AFTER INSERT OR DELETE ON "profiles"
FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_viewer_renamed" AFTER UPDATE OF "username", "user_type" ON "profiles"
FOR EACH ROW WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."user_type" IS DISTINCT FROM NEW."user_type")
EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
CREATE TRIGGER "sealed_suspensions_viewer_changed" AFTER INSERT OR DELETE OR UPDATE ON "sealed_suspensions"
FOR EACH ROW EXECUTE FUNCTION "notify_viewer_changed"();
