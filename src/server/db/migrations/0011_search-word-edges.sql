-- Post search for several words (issue #25). "canteen chai" matches a post whose text contains it, any
-- case, or (words of letters and digits only) that holds every word, in any order, as a whole word.
-- Through the trigram index such a query reads the long posting lists of every trigram of its words
-- (~70 ms at 1M posts, most of it to prove that nothing matches). This index answers with two or three
-- exact GIN entries instead, the ends of the words, and the search checks the rule itself only on the
-- posts that have them (features/search/search-posts.ts, which also says which ends a query needs).
--
-- post_word_edges: for every space-separated word of lower(content), and every lexeme of its
-- search_vector, '<' and its first four characters and '>' and its last four. A post containing
-- "canteen chai" has a word ending in "canteen" and the next starting with "chai", so it has '>teen'
-- and '<chai'; a post holding the lexemes canteen and chai has them too. lower() is the function
-- ILIKE folds case with, so the index and the rule agree in any locale.
--
-- An SQL-standard body (RETURN) is bound to the built-in functions when it is created, so the index
-- does not depend on the search_path of whoever writes a post. Building the index at 1M posts took
-- 35-70 s on 2 shared cores (docs/operations.md); writes to posts wait meanwhile.
CREATE FUNCTION "post_word_edges"("content" text, "lexemes" tsvector) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (
    SELECT coalesce(array_agg('<' || left(w, 4)) || array_agg('>' || right(w, 4)), '{}')
    FROM unnest(string_to_array(lower(content), ' ') || tsvector_to_array(lexemes)) AS w
    WHERE w <> ''
  );
--> statement-breakpoint
CREATE INDEX "posts_word_edges_idx" ON "posts" USING gin (post_word_edges("content", "search_vector"));
