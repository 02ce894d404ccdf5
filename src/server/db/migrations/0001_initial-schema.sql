CREATE TYPE "public"."institution" AS ENUM('VITC', 'VITV');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('admin', 'moderator', 'ordinary');--> statement-breakpoint
CREATE TABLE "asklines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "asklines_content_length" CHECK (char_length("asklines"."content") BETWEEN 1 AND 128),
	CONSTRAINT "asklines_content_present" CHECK (length(btrim("asklines"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" text NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"show" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"badge" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_single_row" CHECK ("notices"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"askline_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED,
	CONSTRAINT "posts_content_length" CHECK (char_length("posts"."content") BETWEEN 1 AND 256),
	CONSTRAINT "posts_content_present" CHECK (length(btrim("posts"."content")) > 0),
	CONSTRAINT "posts_like_count_non_negative" CHECK ("posts"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"instagram_url" text,
	"linkedin_url" text,
	"institution" "institution" DEFAULT 'VITC' NOT NULL,
	"graduation_year" smallint NOT NULL,
	"profile_picture_key" text,
	"dob" date,
	"user_type" "user_type" DEFAULT 'ordinary' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_lowercase" CHECK ("profiles"."username" = lower("profiles"."username")),
	CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[a-z0-9_][a-z0-9_.]{1,18}[a-z0-9_]$' AND "profiles"."username" NOT LIKE '%..%'),
	CONSTRAINT "profiles_full_name_present" CHECK (length(btrim("profiles"."full_name")) > 0),
	CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") <= 160),
	CONSTRAINT "profiles_graduation_year_range" CHECK ("profiles"."graduation_year" BETWEEN 2020 AND 2030)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"report_count" integer DEFAULT 1 NOT NULL,
	"resolved" boolean,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_count_positive" CHECK ("reports"."report_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_askline_id_asklines_id_fk" FOREIGN KEY ("askline_id") REFERENCES "public"."asklines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asklines_verified_created_idx" ON "asklines" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "asklines"."verified";--> statement-breakpoint
CREATE INDEX "asklines_created_by_idx" ON "asklines" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "asklines_content_trgm_idx" ON "asklines" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "likes_post_idx" ON "likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_feed_newest_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_feed_most_liked_idx" ON "posts" USING btree ("like_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_askline_created_idx" ON "posts" USING btree ("askline_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "posts"."deleted";--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key" ON "profiles" USING btree ("username");--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_post_id_key" ON "reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "reports_open_count_idx" ON "reports" USING btree ("report_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "reports"."resolved" IS NOT TRUE;--> statement-breakpoint
CREATE INDEX "reports_resolved_created_idx" ON "reports" USING btree ("created_at" DESC NULLS LAST) WHERE "reports"."resolved";