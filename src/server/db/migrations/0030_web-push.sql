-- Web push (issue #51): each device's subscription (going with the session it was made in and with the
-- account), how far each person's notifications were looked at for pushes and which recent ones were
-- pushed, the pushes owed per device and kind, and a push choice per kind of notification (null: the
-- kind's default).
CREATE TABLE "push_cursors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pushed_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "push_deliveries_subscription_id_kind_pk" PRIMARY KEY("subscription_id","kind")
);
--> statement-breakpoint
CREATE TABLE "push_marks" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"server_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "push" boolean;--> statement-breakpoint
ALTER TABLE "push_cursors" ADD CONSTRAINT "push_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_marks" ADD CONSTRAINT "push_marks_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("due_at") WHERE "push_deliveries"."pending" > 0;--> statement-breakpoint
CREATE INDEX "push_marks_user_idx" ON "push_marks" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");