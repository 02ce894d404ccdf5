-- Superlatives (issue #52, decision 042): a round per class (graduation year and campus) moved by
-- staff from draft to closed, its categories (staff approve each; the winner stored at closing), one
-- nomination and one vote per member per category (the keys keep the counts exact), the ballots
-- computed when nominations close; a member may leave superlatives (profiles.superlatives_opt_out).
-- Online-safe (decision 026): new tables with their indexes, and a column with a constant default on
-- profiles (no rewrite, no scan).
CREATE TABLE "superlative_candidates" (
	"category_id" uuid NOT NULL,
	"candidate_id" text NOT NULL,
	"nominations" integer NOT NULL,
	CONSTRAINT "superlative_candidates_category_id_candidate_id_pk" PRIMARY KEY("category_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "superlative_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" smallint NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"winner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "superlative_categories_title_length" CHECK (char_length("superlative_categories"."title") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE TABLE "superlative_nominations" (
	"category_id" uuid NOT NULL,
	"nominator_id" text NOT NULL,
	"nominee_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "superlative_nominations_category_id_nominator_id_pk" PRIMARY KEY("category_id","nominator_id"),
	CONSTRAINT "superlative_nominations_not_oneself" CHECK ("superlative_nominations"."nominator_id" <> "superlative_nominations"."nominee_id")
);
--> statement-breakpoint
CREATE TABLE "superlative_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"graduation_year" smallint NOT NULL,
	"institution" "institution" NOT NULL,
	"phase" text DEFAULT 'draft' NOT NULL,
	"results_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "superlative_rounds_phase" CHECK ("superlative_rounds"."phase" IN ('draft', 'nominating', 'voting', 'closed')),
	CONSTRAINT "superlative_rounds_year_range" CHECK ("superlative_rounds"."graduation_year" BETWEEN 2020 AND 2030)
);
--> statement-breakpoint
CREATE TABLE "superlative_votes" (
	"category_id" uuid NOT NULL,
	"voter_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "superlative_votes_category_id_voter_id_pk" PRIMARY KEY("category_id","voter_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "superlatives_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "superlative_candidates" ADD CONSTRAINT "superlative_candidates_category_id_superlative_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."superlative_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_candidates" ADD CONSTRAINT "superlative_candidates_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_categories" ADD CONSTRAINT "superlative_categories_round_id_superlative_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."superlative_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_categories" ADD CONSTRAINT "superlative_categories_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_nominations" ADD CONSTRAINT "superlative_nominations_category_id_superlative_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."superlative_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_nominations" ADD CONSTRAINT "superlative_nominations_nominator_id_users_id_fk" FOREIGN KEY ("nominator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_nominations" ADD CONSTRAINT "superlative_nominations_nominee_id_users_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_rounds" ADD CONSTRAINT "superlative_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_votes" ADD CONSTRAINT "superlative_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "superlative_votes" ADD CONSTRAINT "superlative_votes_candidate_fk" FOREIGN KEY ("category_id","candidate_id") REFERENCES "public"."superlative_candidates"("category_id","candidate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "superlative_candidates_candidate_idx" ON "superlative_candidates" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "superlative_categories_position_key" ON "superlative_categories" USING btree ("round_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "superlative_categories_title_key" ON "superlative_categories" USING btree ("round_id",lower("title"));--> statement-breakpoint
CREATE INDEX "superlative_categories_winner_idx" ON "superlative_categories" USING btree ("winner_id") WHERE "superlative_categories"."winner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "superlative_nominations_nominee_idx" ON "superlative_nominations" USING btree ("nominee_id","category_id");--> statement-breakpoint
CREATE INDEX "superlative_nominations_nominator_idx" ON "superlative_nominations" USING btree ("nominator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "superlative_rounds_class_key" ON "superlative_rounds" USING btree ("graduation_year","institution");--> statement-breakpoint
CREATE INDEX "superlative_rounds_created_by_idx" ON "superlative_rounds" USING btree ("created_by") WHERE "superlative_rounds"."created_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "superlative_votes_candidate_idx" ON "superlative_votes" USING btree ("category_id","candidate_id");--> statement-breakpoint
CREATE INDEX "superlative_votes_voter_idx" ON "superlative_votes" USING btree ("voter_id");