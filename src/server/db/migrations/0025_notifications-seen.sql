-- How far each member has seen their notifications: the bell counts only what changed after (issue #51).
CREATE TABLE "notifications_seen" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications_seen" ADD CONSTRAINT "notifications_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;