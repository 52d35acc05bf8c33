-- Source.biasRating and the category columns become enums (the values every writer already
-- used: the seed writes the known-sources list's ratings, feeds, articles, cards and outcomes
-- take catalog categories). Converted in place, so stored rows keep their values; a value
-- outside the enum would stop the migration (its transaction rolls back) rather than be lost.
-- Written by hand: `npm run db:diff` drops and re-adds each column, which a table with rows
-- cannot take. Changing a column's type rebuilds its indexes.

-- CreateEnum
CREATE TYPE "BiasRating" AS ENUM ('center-left', 'center', 'center-right');

-- CreateEnum
CREATE TYPE "Category" AS ENUM ('business', 'entertainment', 'general', 'health', 'science', 'sports', 'technology');

-- AlterTable
ALTER TABLE "Article" ALTER COLUMN "category" TYPE "Category" USING "category"::"Category";

-- AlterTable
ALTER TABLE "ComparisonCard" ALTER COLUMN "category" TYPE "Category" USING "category"::"Category";

-- AlterTable
ALTER TABLE "Feed" ALTER COLUMN "category" TYPE "Category" USING "category"::"Category";

-- AlterTable
ALTER TABLE "IngestOutcome" ALTER COLUMN "category" TYPE "Category" USING "category"::"Category";

-- AlterTable
ALTER TABLE "Source" ALTER COLUMN "biasRating" TYPE "BiasRating" USING "biasRating"::"BiasRating";
