/**
 * Renders a feed as Atom 1.0 (RFC 4287). Feed text is escaped as XML text, characters XML 1.0
 * cannot carry (control characters, lone surrogates) are dropped, and every text construct is
 * type="text": nothing taken from an article becomes markup.
 */
import { FEED_AUTHOR, type Feed, type FeedEntry } from "./feed";

// Characters outside XML 1.0's Char production (§2.2): they would make the document malformed.
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text (or an attribute value) as XML. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const text = (tag: string, value: string) => `<${tag} type="text">${escapeXml(value)}</${tag}>`;
const link = (rel: string, type: string, href: string) =>
  `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;

function entry(e: FeedEntry): string {
  return [
    "<entry>",
    `<id>${escapeXml(e.url)}</id>`,
    text("title", e.title),
    link("alternate", "text/html", e.url),
    `<published>${e.published}</published>`,
    `<updated>${e.updated}</updated>`,
    ...e.outlets.map((o) => `<author><name>${escapeXml(o.name)}</name></author>`),
    `<category term="${escapeXml(e.category.id)}" label="${escapeXml(e.category.name)}"/>`,
    text("summary", e.summary),
    text("content", e.content),
    "</entry>",
  ].join("\n");
}

export function renderAtom(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${escapeXml(feed.feedUrl)}</id>`,
    text("title", feed.title),
    text("subtitle", feed.description),
    link("self", "application/atom+xml", feed.feedUrl),
    link("alternate", "text/html", feed.homePageUrl),
    // Atom requires a date; a feed that never saw an ingest says the epoch rather than "now", so
    // its body (and ETag) stays the same from one request to the next.
    `<updated>${feed.updated ?? new Date(0).toISOString()}</updated>`,
    `<author><name>${escapeXml(FEED_AUTHOR)}</name></author>`,
    `<generator>${escapeXml(FEED_AUTHOR)}</generator>`,
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ].join("\n");
}
