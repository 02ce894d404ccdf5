-- The feed's tabs (issue #51, decision 038): a named post keeps its author's campus and class
-- (graduation year) so a campus's or a class's tab reads them from the post, and a class's tab from an
-- index of its own (migration 0028). An anonymous post and a reply keep neither: no tab but Everyone
-- can show them. Both columns are added empty (no rewrite); triggers keep them from here on, and each
-- start fills the posts written before, a batch at a time (features/posts/fill-author-class.ts).
ALTER TABLE "posts" ADD COLUMN "author_campus" "institution";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_year" smallint;--> statement-breakpoint
-- A new post takes its author's campus and class as they are when it is written; an anonymous post
-- or a reply never does, whatever the insert says.
CREATE FUNCTION "posts_author_class"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_anonymous OR NEW.parent_id IS NOT NULL THEN
    NEW.author_campus := NULL;
    NEW.author_year := NULL;
  ELSE
    SELECT p.institution, p.graduation_year INTO NEW.author_campus, NEW.author_year
      FROM profiles p WHERE p.user_id = NEW.user_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_author_class" BEFORE INSERT ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "posts_author_class"();--> statement-breakpoint
-- A member who changes campus or class moves their named posts with them, in the same transaction.
CREATE FUNCTION "profiles_class_to_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET author_campus = NEW.institution, author_year = NEW.graduation_year
    WHERE user_id = NEW.user_id AND parent_id IS NULL AND NOT is_anonymous;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_class_to_posts" AFTER UPDATE OF "institution", "graduation_year" ON "profiles"
  FOR EACH ROW WHEN (OLD.institution IS DISTINCT FROM NEW.institution
    OR OLD.graduation_year IS DISTINCT FROM NEW.graduation_year)
  EXECUTE FUNCTION "profiles_class_to_posts"();
