/**
 * The feeds of a selection (GET /api/v1/feeds/{cards,blindspots}.{atom,json}): its cards as the
 * card list answers them (same query, same defaults), or only its blindspot stories, one entry per
 * story linking to its page and naming its outlets.
 */
import "server-only";
import { categoryName, countryName } from "@/lib/catalog";
import { storyCoverage } from "@/lib/coverage";
import { renderAtom } from "@/lib/feeds/atom";
import type { Feed, FeedEntry } from "@/lib/feeds/feed";
import { renderJsonFeed } from "@/lib/feeds/json-feed";
import { FEED_PATHS } from "@/lib/feeds/links";
import { ORIGIN_SLOT, type Representation } from "@/lib/http/cached-response";
import type { CardListQuery, ComparisonCard } from "@/lib/schemas/cards";
import { listNames, outletNames, outletsSentence, storyPath } from "@/lib/stories";
import { listCards } from "./list-cards";

export interface CardFeedSpec {
  kind: "cards" | "blindspots";
  format: "atom" | "json";
  query: CardListQuery;
}

const MEDIA_TYPE = {
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
} as const;
const DEFAULT_LIMIT = 50;
const DEMO_NOTE = "Demo data: an invented story from the bundled demo snapshot, not current news.";
/** A blindspot feed looks for its stories among this many of the selection's newest cards (the list's maximum). */
const BLINDSPOT_SEARCH_LIMIT = 100;

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** The cache key of one feed: everything its body depends on but the origin of its links. */
export function cardFeedKey(spec: CardFeedSpec): string {
  const { query: q } = spec;
  return `feed:${spec.kind}:${spec.format}:${q.country ?? ""}:${q.category ?? ""}:${q.limit}`;
}

/** The feed's own URL, its query in a fixed order (the default limit left out). */
function feedUrl(spec: CardFeedSpec): string {
  const path = FEED_PATHS[`${spec.kind}${spec.format === "atom" ? "Atom" : "Json"}`];
  const params = new URLSearchParams();
  if (spec.query.country) params.set("country", spec.query.country);
  if (spec.query.category) params.set("category", spec.query.category);
  if (spec.query.limit !== DEFAULT_LIMIT) params.set("limit", String(spec.query.limit));
  const search = params.toString();
  return `${ORIGIN_SLOT}${path}${search ? `?${search}` : ""}`;
}

function toEntry(card: ComparisonCard, origin: string): FeedEntry {
  const reports = [card.mainHeadline, ...card.relatedArticles];
  const coverage = storyCoverage(reports);
  const names = outletNames(card);
  const outlets = names.map((name) => ({ id: reports.find((r) => r.source.name === name)!.source.id, name }));
  // Demo stories are invented (decision 045): a reader of the feed is told so, as the page's badge does.
  const summary = `${card.isDemo ? `${DEMO_NOTE} ` : ""}${outletsSentence(names)}`;
  return {
    url: `${origin}${storyPath(card.cardId)}`,
    cardId: card.cardId,
    title: card.topic,
    summary,
    content: [summary, "", ...reports.map((r) => `${r.source.name}: ${r.title}`)].join("\n"),
    outlets,
    category: { id: card.category, name: categoryName(card.category) },
    blindspot: card.bias.blindspot,
    isDemo: card.isDemo,
    published: coverage.firstPublishedAt,
    // A card's row may be older than its newest article (a story that grew in one rebuild).
    updated: later(card.updatedAt, coverage.lastPublishedAt),
  };
}

/**
 * The feed's text. Its absolute links start with ORIGIN_SLOT, which the answer replaces with the
 * request's origin (lib/http/cached-response.ts), so one cached feed serves every origin.
 */
export async function renderCardFeed(spec: CardFeedSpec): Promise<Representation> {
  const blindspots = spec.kind === "blindspots";
  const list = await listCards(blindspots ? { ...spec.query, limit: BLINDSPOT_SEARCH_LIMIT } : spec.query);
  const cards = blindspots
    ? list.comparisonCards.filter((c) => c.bias.blindspot).slice(0, spec.query.limit)
    : list.comparisonCards;
  const entries = cards.map((c) => toEntry(c, ORIGIN_SLOT));
  const updated =
    entries.map((e) => e.updated).reduce<string | null>((a, b) => (a ? later(a, b) : b), null) ??
    list.metadata.lastUpdated;
  const selection = `${categoryName(list.metadata.category)} from ${listNames(list.metadata.countries.map((id) => countryName(id) ?? id))}`;
  const feed: Feed = {
    title: `Global Multi-Source News Analysis: ${blindspots ? "blindspot stories in " : ""}${selection}`,
    description: blindspots
      ? "Stories of the last 72 hours that outlets of only one side cover: center-left outlets and no center-right one, or the reverse."
      : "Stories of the last 72 hours as several outlets cover them, newest first, each with its comparison page.",
    feedUrl: feedUrl(spec),
    homePageUrl: `${ORIGIN_SLOT}/`,
    contractUrl: `${ORIGIN_SLOT}/api/v1/openapi.json`,
    updated,
    entries,
  };
  return {
    body: spec.format === "atom" ? renderAtom(feed) : renderJsonFeed(feed),
    type: MEDIA_TYPE[spec.format],
    lastModified: updated ? new Date(updated) : null,
  };
}
