-- Verdicts a language model gave on pairs of articles the clusterer was unsure of (lib/services/
-- rebuild-cards.ts, docs/decisions/025): asked once per pair and model, removed with either article.

-- CreateEnum
CREATE TYPE "SameStory" AS ENUM ('same', 'different', 'unclear');

-- CreateTable
CREATE TABLE "PairVerdict" (
    "articleAId" TEXT NOT NULL,
    "articleBId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "verdict" "SameStory" NOT NULL,
    "askedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairVerdict_pkey" PRIMARY KEY ("articleAId","articleBId","model")
);

-- CreateIndex
CREATE INDEX "PairVerdict_articleBId_idx" ON "PairVerdict"("articleBId");

-- AddForeignKey
ALTER TABLE "PairVerdict" ADD CONSTRAINT "PairVerdict_articleAId_fkey" FOREIGN KEY ("articleAId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PairVerdict" ADD CONSTRAINT "PairVerdict_articleBId_fkey" FOREIGN KEY ("articleBId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

