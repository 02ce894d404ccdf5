CREATE TABLE "moderation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"post_id" uuid,
	"askline_id" uuid,
	"target_user_id" text,
	"subject_hidden" boolean DEFAULT false NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reasons" (
	"post_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_reasons_post_id_reporter_id_pk" PRIMARY KEY("post_id","reporter_id"),
	CONSTRAINT "report_reasons_reason" CHECK ("report_reasons"."reason" IN ('spam', 'harassment', 'hate', 'personal_information', 'self_harm', 'other')),
	CONSTRAINT "report_reasons_detail_length" CHECK (char_length("report_reasons"."detail") <= 200)
);
--> statement-breakpoint
ALTER TABLE "report_reasons" ADD CONSTRAINT "report_reasons_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);