import { describe, expect, it } from "vitest";
import { GET as cardRoute } from "@/app/api/v1/comparison-cards/[id]/route";
import { getPrisma } from "@/lib/db";
import { rebuildCards } from "@/lib/services/rebuild-cards";
import { call } from "@/tests/helpers/api";
import { insertArticles } from "@/tests/helpers/cards";

const tornado = [
  {
    sourceId: "cnn",
    title: "Tornado tears through Wichita, 12 injured",
    summary: "A tornado struck Wichita, Kansas on Tuesday night, injuring 12 people.",
    hoursAgo: 3,
  },
  {
    sourceId: "fox-news",
    title: "Wichita tornado leaves 12 injured and homes flattened",
    summary: "Twelve people were hurt when a tornado hit Wichita.",
    hoursAgo: 2,
  },
  {
    sourceId: "npr",
    title: "Tornado in Wichita injures 12, damages dozens of homes",
    summary: "The Wichita tornado injured 12 people on Tuesday.",
    hoursAgo: 4,
  },
];
const vaccine = [
  {
    sourceId: "bbc-news",
    title: "Regulator approves Novavir malaria vaccine for children",
    summary: "The Novavir malaria vaccine was approved for children under five.",
    hoursAgo: 5,
  },
  {
    sourceId: "the-guardian",
    title: "Novavir malaria vaccine approved for use in children",
    summary: "Regulators approved the Novavir malaria vaccine for young children.",
    hoursAgo: 6,
  },
];

const cards = () =>
  getPrisma().comparisonCard.findMany({
    orderBy: { id: "asc" },
    include: { articles: { orderBy: { position: "asc" } } },
  });

describe("rebuildCards", () => {
  let tornadoCard = "";

  it("builds one card per story covered by two or more outlets, with a stable id", async () => {
    const tornadoIds = await insertArticles("tornado", tornado);
    const vaccineIds = await insertArticles("vaccine", vaccine, { category: "health", countries: ["gb"] });
    await insertArticles("lonely", [
      { sourceId: "cbc-news", title: "Toronto library extends weekend hours", hoursAgo: 1 },
    ]);
    const summary = await rebuildCards();
    expect(summary).toMatchObject({ cards: 2, created: 2, updated: 0, unchanged: 0, retired: 0 });
    const all = await cards();
    expect(all).toHaveLength(2);
    const t = all.find((c) => c.articles.some((m) => m.articleId === tornadoIds[0]))!;
    const v = all.find((c) => c.articles.some((m) => m.articleId === vaccineIds[0]))!;
    tornadoCard = t.id;
    expect(t.id).toMatch(/^c_[0-9a-f]{16}$/);
    expect(new Set(t.articles.map((m) => m.articleId))).toEqual(new Set(tornadoIds));
    expect(t).toMatchObject({
      category: "general",
      country: "us",
      articleCount: 3,
      sourceCount: 3,
      retiredAt: null,
    });
    expect(t.articles[0].articleId).toBe(t.mainArticleId);
    expect(v).toMatchObject({ category: "health", country: "gb", articleCount: 2 });
    expect(t.confidence).toBeGreaterThan(0);
    expect(t.confidence).toBeLessThanOrEqual(1);
    // Every column as Prisma would have written it (cards are created by one statement per chunk).
    const newest = await getPrisma().article.findFirstOrThrow({
      where: { id: { in: tornadoIds } },
      orderBy: { publishedAt: "desc" },
    });
    expect(t.latestPublishedAt.toISOString()).toBe(newest.publishedAt.toISOString());
    expect(t.countries).toEqual(["us"]);
    expect(t).toMatchObject({ isDemo: false, summary: null, successorId: null });
    expect(t.articles.map((m) => m.position)).toEqual([0, 1, 2]);
    expect(Math.abs(t.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(t.updatedAt.getTime()).toBe(t.createdAt.getTime());
  });

  it("changes nothing when nothing changed", async () => {
    const before = await cards();
    expect(await rebuildCards()).toMatchObject({ created: 0, updated: 0, unchanged: 2, retired: 0 });
    expect((await cards()).map((c) => c.updatedAt.getTime())).toEqual(
      before.map((c) => c.updatedAt.getTime()),
    );
  });

  it("keeps the card id when the story gains an article", async () => {
    await insertArticles("tornado-more", [
      {
        sourceId: "abc-news",
        title: "Wichita tornado: 12 injured as storm hits Kansas city",
        summary: "A tornado injured 12 in Wichita.",
        hoursAgo: 1,
      },
    ]);
    expect(await rebuildCards()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const t = (await cards()).find((c) => c.id === tornadoCard)!;
    expect(t).toMatchObject({ articleCount: 4, sourceCount: 4 });
  });

  it("retires a card merged into another and answers its id with the successor", async () => {
    const prisma = getPrisma();
    // Split the tornado story over two cards by hand, as an earlier run might have left it.
    const t = (await cards()).find((c) => c.id === tornadoCard)!;
    const moved = t.articles.slice(2).map((m) => m.articleId);
    await prisma.cardArticle.deleteMany({ where: { articleId: { in: moved } } });
    await prisma.comparisonCard.create({
      data: {
        id: "c_fragment",
        topic: "fragment",
        category: "general",
        country: "us",
        countries: ["us"],
        articleCount: 2,
        sourceCount: 2,
        confidence: 0.5,
        latestPublishedAt: new Date(),
        createdAt: new Date(Date.now() + 1000),
        articles: { create: moved.map((articleId, position) => ({ articleId, position })) },
      },
    });
    expect(await rebuildCards()).toMatchObject({ retired: 1 });
    const fragment = await prisma.comparisonCard.findUnique({
      where: { id: "c_fragment" },
      include: { articles: true },
    });
    expect(fragment).toMatchObject({ successorId: tornadoCard, articles: [] });
    expect(fragment!.retiredAt).toBeInstanceOf(Date);
    expect((await prisma.comparisonCard.findUnique({ where: { id: tornadoCard } }))!.articleCount).toBe(4);
    const res = await call<{ data: { cardId: string; supersedes: string } }>(
      cardRoute,
      "/api/v1/comparison-cards/c_fragment",
      { params: { id: "c_fragment" } },
    );
    expect(res.json.data).toMatchObject({ cardId: tornadoCard, supersedes: "c_fragment" });
  });

  it("retires a story whose articles left the 72-hour window", async () => {
    const later = new Date(Date.now() + 80 * 3_600_000);
    const summary = await rebuildCards(later);
    expect(summary).toMatchObject({ cards: 0, retired: 2 });
    expect((await getPrisma().comparisonCard.findMany({ where: { retiredAt: null } })).length).toBe(0);
  });

  it("reads the words of an article's link where its headline says little", async () => {
    // The headline shares no word with the report; the link tells the story.
    const [teaser, report] = await insertArticles("link-words", [
      {
        sourceId: "cnn",
        title: "Why this striker deserves a thank you",
        url: "https://edition.example.test/2782448-ahmed-musa-brace-gives-nigeria-win-over-iceland-world-cup",
        hoursAgo: 2,
      },
      {
        sourceId: "bbc-news",
        title: "Ahmed Musa double gives Nigeria win over Iceland at the World Cup",
        summary: "Ahmed Musa scored twice as Nigeria beat Iceland 2-0 in their World Cup group game.",
        hoursAgo: 3,
      },
    ]);
    // Reports with summaries, so the window is not one of headlines only (whose links do not count).
    await insertArticles("link-words-others", [
      {
        sourceId: "npr",
        title: "Harbour bridge reopens",
        summary: "Traffic flows again over the bridge.",
        hoursAgo: 1,
      },
      {
        sourceId: "cbc-news",
        title: "Museum returns bronzes",
        summary: "The collection travels back in spring.",
        hoursAgo: 1,
      },
    ]);
    await rebuildCards();
    const card = (await cards()).find((c) => !c.retiredAt && c.articles.some((m) => m.articleId === teaser));
    expect(card?.articles.map((m) => m.articleId).sort()).toEqual([teaser, report].sort());
  });
});
