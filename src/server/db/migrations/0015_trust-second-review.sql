-- The second trust review (issue #43, decision 019).
-- Former staff keep a number in the moderation log once their account is gone.
CREATE SEQUENCE "public"."former_staff_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- ADMIN_EMAILS makes an admin once per address, for an account created and confirmed at it.
CREATE TABLE "admin_grants" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Email changes of our own: each mailed link works once, opens a page whose button acts, and can be voided.
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_email" text NOT NULL,
	"to_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "email_changes_addresses_lowercase" CHECK ("email_changes"."from_email" = lower("email_changes"."from_email") AND "email_changes"."to_email" = lower("email_changes"."to_email"))
);
--> statement-breakpoint
-- Consecutive failed password guesses per account (PostgreSQL store without Redis). UNLOGGED, as
-- rate_limit_windows: a crash only forgets them.
CREATE UNLOGGED TABLE "password_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Usernames of deleted accounts, held before anyone else may take them.
CREATE TABLE "released_usernames" (
	"username" text PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Digest unsubscribe tokens stored per person, so one can be revoked.
CREATE TABLE "unsubscribe_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sealed_suspensions" DROP CONSTRAINT "sealed_suspensions_user_id_users_id_fk";
--> statement-breakpoint
-- An anonymous post can outlive its author's account, with no author (decision 019).
ALTER TABLE "posts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sealed_suspensions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "actor_role" "user_type";--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "former_actor" integer;--> statement-breakpoint
-- The role each entry's actor has now is the best that can be said of entries written before.
UPDATE "moderation_log" l SET "actor_role" = p."user_type" FROM "profiles" p WHERE p."user_id" = l."actor_id";--> statement-breakpoint
ALTER TABLE "admin_grants" ADD CONSTRAINT "admin_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_grants_user_idx" ON "admin_grants" USING btree ("user_id") WHERE "admin_grants"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_token_key" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_failures_last_idx" ON "password_failures" USING btree ("last_failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_tokens_token_key" ON "unsubscribe_tokens" USING btree ("token");--> statement-breakpoint
ALTER TABLE "sealed_suspensions" ADD CONSTRAINT "sealed_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;