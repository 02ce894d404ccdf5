-- Trigram indexes (substring search, askline similarity) need pg_trgm; PGlite ships it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
