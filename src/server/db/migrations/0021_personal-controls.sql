-- Personal controls (issue #48, decision 032): blocks, mutes, hidden posts ("Not for me", and "Mute this
-- author" on an anonymous post, which hides that post alone) and muted words with their expiry; and the
-- text of each post as the text check reads it, which muted words are matched against.
-- Online-safe (decision 026): four new tables, empty, so their foreign keys check no rows and their
-- indexes build at once; one nullable column on posts with no default (no rewrite, a moment's lock).
-- Existing posts get match_text from the start-up backfill (features/posts/fill-match-text.ts): it is
-- made by the app's own code, which SQL cannot run; until then their lower-cased text stands in.
CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "hidden_posts" (
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_posts_user_id_post_id_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "hidden_posts_reason" CHECK ("hidden_posts"."reason" IN ('not_for_me', 'muted_author'))
);
--> statement-breakpoint
CREATE TABLE "muted_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phrase" text NOT NULL,
	"match_key" text NOT NULL,
	"pattern" text NOT NULL,
	"ending" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "muted_words_phrase_length" CHECK (char_length("muted_words"."phrase") BETWEEN 1 AND 100),
	CONSTRAINT "muted_words_ending" CHECK ("muted_words"."ending" IN ('english', 'any', 'word'))
);
--> statement-breakpoint
CREATE TABLE "mutes" (
	"muter_id" text NOT NULL,
	"muted_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutes_muter_id_muted_id_pk" PRIMARY KEY("muter_id","muted_id"),
	CONSTRAINT "mutes_not_self" CHECK ("mutes"."muter_id" <> "mutes"."muted_id")
);
--> statement-breakpoint
-- The post's text as the text check reads it (case, look-alikes, leetspeak, spelling folded).
ALTER TABLE "posts" ADD COLUMN "match_text" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_posts" ADD CONSTRAINT "hidden_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_posts" ADD CONSTRAINT "hidden_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muted_words" ADD CONSTRAINT "muted_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muter_id_users_id_fk" FOREIGN KEY ("muter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "blocks_list_idx" ON "blocks" USING btree ("blocker_id","created_at" DESC NULLS FIRST,"blocked_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hidden_posts_post_idx" ON "hidden_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "hidden_posts_list_idx" ON "hidden_posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "muted_words_user_key" ON "muted_words" USING btree ("user_id","match_key");--> statement-breakpoint
CREATE INDEX "muted_words_list_idx" ON "muted_words" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mutes_muted_idx" ON "mutes" USING btree ("muted_id");--> statement-breakpoint
CREATE INDEX "mutes_list_idx" ON "mutes" USING btree ("muter_id","created_at" DESC NULLS FIRST,"muted_id" DESC NULLS FIRST);