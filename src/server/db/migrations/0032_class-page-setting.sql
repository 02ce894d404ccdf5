-- A member may leave their class page (issue #52, /class/{year}): a setting of their profile, off for
-- everyone already here. A constant default: PostgreSQL adds the column without rewriting the table.
ALTER TABLE "profiles" ADD COLUMN "hidden_from_class" boolean DEFAULT false NOT NULL;
