-- Held replies (issue #49): a reply the text check holds keeps its thread and the reply it answers, and
-- is published there on approval. Online-safe (decision 026): nullable columns, foreign keys NOT VALID
-- (every existing row has them null). held_posts holds only what waits for review: no index needed to
-- find the rows a deleted post takes with it.
ALTER TABLE "held_posts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "held_posts" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_parent_id_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "held_posts" ADD CONSTRAINT "held_posts_reply_to_id_posts_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action NOT VALID;