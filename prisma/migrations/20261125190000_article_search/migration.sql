-- The topic search (lib/services/search-articles.ts, docs/decisions/111-search-index.md) is
-- served from the database: each article's title and summary as English full-text, in a column
-- the database generates and keeps (existing rows are filled as the column is added), with a GIN
-- index. Stored, so a query that filters rows by it never parses or stems text per row.
-- Written by hand: Prisma's schema cannot say a column is generated; it declares this one
-- Unsupported("tsvector") with the expression as a database default, and `npm run db:diff` is
-- then empty.

-- AlterTable
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "summary")) STORED;

-- CreateIndex. Without a pending list (fastupdate): PGlite runs no autovacuum to flush one, and
-- a search would read every entry written since the index was made.
CREATE INDEX "Article_search_idx" ON "Article" USING GIN ("searchVector") WITH (fastupdate = off);
