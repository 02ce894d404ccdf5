-- A muted phrase's letters, run together with each run of one letter as one (issue #49). A text can
-- match the phrase only where its own letters (spaces left out, runs squeezed) hold these, so the
-- statement that writes a reply's notification puts in the reader's expression only the phrases the
-- reply can match: for most replies none, and PostgreSQL compiles no expression (a reader's fifty
-- phrases cost about 2 ms to compile in every reply). JavaScript reads the same letters from the
-- pattern (personal-controls/visibility.ts, lettersOf); a test holds the two equal.
ALTER TABLE "muted_words" ADD COLUMN "letters" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(pattern, '\[(.)\*\]\+|.', '\1', 'g'), '(.)\1+', '\1', 'g')) STORED NOT NULL;
