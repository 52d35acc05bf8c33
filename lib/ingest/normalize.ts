/**
 * Stage 3: a parsed item → the article we store. Everything a feed wrote is untrusted:
 * text becomes plain text, links become canonical http(s) URLs, dates become instants
 * (never in the future), and the countries an article concerns are worked out from its
 * outlet's home country and the countries its title and summary mention.
 */

import crypto from "node:crypto";
import { isCategoryId, isCountryId, type CategoryId, type CountryId } from "@/lib/catalog";
import { detectCountries } from "@/lib/sources/countries";
import { absoluteUrl, canonicalUrl } from "./canonical-url";
import { publishedAt } from "./dates";
import type { ImageCandidate, ParsedItem } from "./parse";
import { toPlainText, truncate } from "./plain-text";

export interface NormalizeContext {
  sourceId: string;
  /** The outlet's home country (may be outside the supported 15, then it adds nothing). */
  homeCountry: string;
  /** The feed's category. */
  category: CategoryId;
  /** Where the feed was fetched from (or read from); relative links resolve against it. */
  feedUrl: string;
  /** The channel's own <link>, preferred as the base for relative links. */
  channelLink?: string;
  fetchedAt: Date;
  /** Take the category from the item's <category> when it names one of ours (demo snapshot). */
  categoryFromItem?: boolean;
}

export interface NormalizedArticle {
  canonicalUrl: string;
  url: string;
  guid: string | null;
  title: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  author: string | null;
  publishedAt: Date;
  category: CategoryId;
  countries: CountryId[];
  contentHash: string;
  titleHash: string;
  /** Long enough a title that another item of the outlet with the same title is the same story. */
  collapsible: boolean;
}

export const LIMITS = { title: 300, summary: 1_000, content: 20_000, author: 200, url: 2_048 };

// One-shot hashing (Node 20.12+): no Hash object per call, measurably cheaper per item.
const sha1 = (text: string) => crypto.hash("sha1", text);

/**
 * The title reduced to what makes two headlines "the same" for one outlet: case, accents,
 * punctuation and decorations such as "VIDEO:" do not count.
 */
export function titleKey(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^(?:(?:video|watch|breaking)\s*[:|-]\s*)+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function baseUrl(ctx: NormalizeContext): string {
  return (ctx.channelLink && absoluteUrl(ctx.channelLink, ctx.feedUrl)) || ctx.feedUrl;
}

// Feedburner and similar proxies put a redirect in <link>; the article's own URL is in
// feedburner:origLink or, failing that, a permalink-looking <guid>.
const REDIRECT_LINK = /\/~r\/|feedproxy\.google\.com/;

function articleLink(item: ParsedItem, base: string): string | null {
  const guidUrl = item.guid && /^https?:\/\//i.test(item.guid.trim()) ? item.guid : undefined;
  const link = item.link?.trim();
  const candidates =
    link && REDIRECT_LINK.test(link) ? [item.origLink, guidUrl, link] : [item.origLink, link, guidUrl];
  for (const c of candidates) {
    const abs = absoluteUrl(c, base);
    if (abs && abs.length <= LIMITS.url) return abs;
  }
  return null;
}

function chooseImage(images: ImageCandidate[], base: string): string | null {
  const rank = (i: ImageCandidate) =>
    (i.kind === "content" ? 3e6 : i.kind === "thumbnail" ? 2e6 : 1e6) +
    (i.isDefault ? 5e5 : 0) +
    Math.min(i.width ?? 0, 1e5);
  for (const image of [...images].sort((a, b) => rank(b) - rank(a))) {
    const url = absoluteUrl(image.url, base);
    if (url && url.length <= LIMITS.url) return url;
  }
  return null;
}

function countriesOf(ctx: NormalizeContext, text: string): CountryId[] {
  const found = new Set<CountryId>(detectCountries(text));
  if (isCountryId(ctx.homeCountry)) found.add(ctx.homeCountry);
  return [...found].sort();
}

/** Normalizes one item; null when it cannot be stored (no usable link, or no text at all). */
export function normalizeItem(item: ParsedItem, ctx: NormalizeContext): NormalizedArticle | null {
  const base = baseUrl(ctx);
  const url = articleLink(item, base);
  const canonical = url && canonicalUrl(url);
  if (!url || !canonical) return null;

  const descriptionText = toPlainText(item.description, LIMITS.content);
  const contentText = item.content ? toPlainText(item.content, LIMITS.content) : descriptionText;
  const summary = truncate(descriptionText || contentText, LIMITS.summary);
  const title = toPlainText(item.title, LIMITS.title) || truncate(summary, 140);
  if (!title) return null;
  const content = contentText.length >= summary.length ? contentText : summary;

  const itemCategory = ctx.categoryFromItem
    ? item.categories.map((c) => c.toLowerCase()).find(isCategoryId)
    : undefined;
  const guid = item.guid ? truncate(item.guid.trim(), LIMITS.url) : null;
  const imageUrl = chooseImage(item.images, base);
  const key = titleKey(title);
  return {
    canonicalUrl: canonical,
    url,
    guid: guid || null,
    title,
    summary,
    content,
    imageUrl,
    author: toPlainText(item.author, LIMITS.author) || null,
    publishedAt: publishedAt(item.dates, ctx.fetchedAt),
    category: itemCategory ?? ctx.category,
    countries: countriesOf(ctx, `${title}\n${summary}`),
    contentHash: sha1(`${title}\n${summary}\n${content}\n${imageUrl ?? ""}`),
    titleHash: sha1(key),
    // "Live updates" or "Briefing" recur with different stories; four words rarely do.
    collapsible: key.split(" ").length >= 4,
  };
}

/** Normalizes every item of a feed: the articles to store, and how many items could not be. */
export function normalizeItems(
  items: ParsedItem[],
  ctx: NormalizeContext,
): { articles: NormalizedArticle[]; rejected: number } {
  const articles: NormalizedArticle[] = [];
  let rejected = 0;
  for (const item of items) {
    const article = normalizeItem(item, ctx);
    if (article) articles.push(article);
    else rejected++;
  }
  return { articles, rejected };
}
