/**
 * Stage 2: bytes → items. rss-parser reads RSS 0.9x, 1.0 (RDF), 2.0 and Atom; this module
 * decodes the bytes by their declared charset first and asks for the extension fields real
 * feeds use. A feed that is empty, malformed or not a feed throws FeedParseError, which the
 * run records for that feed alone.
 */

import { decodeHTML } from "entities";
import iconv from "iconv-lite";
import Parser from "rss-parser";

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

/** An image an item offers (media:content, media:thumbnail, enclosure), as the feed gave it. */
export interface ImageCandidate {
  url: string;
  width?: number;
  kind: "content" | "thumbnail" | "enclosure";
  isDefault?: boolean;
}

/** One item with its raw strings; nothing here is trusted or cleaned yet. */
export interface ParsedItem {
  title?: string;
  link?: string;
  /** feedburner:origLink: the article URL behind a feedburner redirect link. */
  origLink?: string;
  guid?: string;
  /** RSS description or Atom summary (HTML or text). */
  description?: string;
  /** content:encoded or Atom content (HTML). */
  content?: string;
  dates: string[];
  author?: string;
  categories: string[];
  images: ImageCandidate[];
}

export interface ParsedFeed {
  format: "rss" | "atom";
  title?: string;
  /** The channel's own link, the base for relative item links. */
  link?: string;
  items: ParsedItem[];
  /** The charset the bytes were decoded with. */
  charset: string;
}

// --- decoding ---------------------------------------------------------------

function bomCharset(bytes: Uint8Array): { charset: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: "utf-8", skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: "utf-16le", skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: "utf-16be", skip: 2 };
  return null;
}

function declaredCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1");
  const decl = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return decl ? decl[1].toLowerCase() : null;
}

function headerCharset(contentType: string | null | undefined): string | null {
  const m = /charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(contentType ?? "");
  return m ? m[1].toLowerCase() : null;
}

const isUtf8 = (name: string) => name === "utf-8" || name === "utf8";

/**
 * The text of a feed: by its byte-order mark, else the charset its XML declaration names,
 * else the HTTP charset, else UTF-8. The declaration wins over HTTP because servers often
 * label every file with one default charset. Bytes that are not valid UTF-8 although
 * labelled so are read as windows-1252, as browsers do.
 */
export function decodeFeedBytes(
  bytes: Uint8Array,
  contentType?: string | null,
): { text: string; charset: string } {
  const bom = bomCharset(bytes);
  const body = bom ? bytes.subarray(bom.skip) : bytes;
  let charset = bom?.charset ?? declaredCharset(body) ?? headerCharset(contentType) ?? "utf-8";
  if (!iconv.encodingExists(charset)) charset = "utf-8";
  if (isUtf8(charset)) {
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), charset: "utf-8" };
    } catch {
      charset = "windows-1252";
    }
  }
  return { text: iconv.decode(Buffer.from(body), charset), charset };
}

// --- parsing ----------------------------------------------------------------

type XmlNode = { $?: Record<string, string>; _?: string; [key: string]: unknown };
type RawItem = Parser.Item & {
  "content:encoded"?: string;
  "media:content"?: XmlNode[];
  "media:thumbnail"?: XmlNode[];
  "media:group"?: XmlNode[];
  origLink?: string;
  date?: string;
  updated?: string;
  published?: string;
  author?: string;
  id?: string;
  description?: string;
};

const CUSTOM_FIELDS = {
  item: [
    ["media:content", "media:content", { keepArray: true }],
    ["media:thumbnail", "media:thumbnail", { keepArray: true }],
    ["media:group", "media:group", { keepArray: true }],
    ["feedburner:origLink", "origLink"],
    "updated",
    "published",
  ],
} as unknown as Parser.CustomFields<Record<string, unknown>, RawItem>;

// rss-parser turns an Atom entry's date into ISO with `new Date(x).toISOString()`, which
// throws on a date the JS parser cannot read and would fail the whole feed for one entry.
// Hide such dates from it and hand the raw strings on (lib/ingest/dates.ts reads more forms).
class LenientParser extends Parser<Record<string, unknown>, RawItem> {
  parseItemAtom(entry: Record<string, unknown[] | undefined>): RawItem {
    const hidden: Partial<Record<"published" | "updated", string>> = {};
    for (const key of ["published", "updated"] as const) {
      const value = entry[key]?.[0];
      if (typeof value === "string" && Number.isNaN(Date.parse(value))) {
        hidden[key] = value;
        entry[key] = [""];
      }
    }
    const item = (Parser.prototype as unknown as { parseItemAtom(e: unknown): RawItem }).parseItemAtom.call(
      this,
      entry,
    );
    return { ...item, ...hidden };
  }
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.$?.[name];
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as XmlNode)._ === "string")
    return (value as XmlNode)._;
  return undefined;
}

function mediaImages(item: RawItem): ImageCandidate[] {
  const images: ImageCandidate[] = [];
  const add = (node: XmlNode, kind: "content" | "thumbnail") => {
    const url = attr(node, "url");
    if (!url) return;
    const medium = attr(node, "medium");
    const type = attr(node, "type");
    // media:content also carries video and audio; an untyped one is usually an image.
    if (kind === "content" && ((medium && medium !== "image") || (type && !type.startsWith("image/"))))
      return;
    images.push({
      url,
      kind,
      width: Number(attr(node, "width")) || undefined,
      isDefault: attr(node, "isDefault") === "true",
    });
  };
  const walk = (holder: RawItem | XmlNode) => {
    for (const n of (holder["media:content"] as XmlNode[] | undefined) ?? []) add(n, "content");
    for (const n of (holder["media:thumbnail"] as XmlNode[] | undefined) ?? []) add(n, "thumbnail");
  };
  walk(item);
  for (const group of item["media:group"] ?? []) walk(group);
  const enc = item.enclosure;
  if (enc?.url && (!enc.type || enc.type.startsWith("image/")))
    images.push({ url: enc.url, kind: "enclosure" });
  return images;
}

function toItem(raw: RawItem, format: ParsedFeed["format"]): ParsedItem {
  const categories = (raw.categories ?? []).map((c) => text(c)?.trim()).filter((c): c is string => !!c);
  const creator = text(raw.creator) ?? text(raw.author);
  return {
    title: text(raw.title),
    link: text(raw.link),
    origLink: text(raw.origLink),
    guid: text(raw.guid) ?? text(raw.id),
    description: format === "atom" ? text(raw.summary) : text(raw.content),
    content: format === "atom" ? text(raw.content) : text(raw["content:encoded"]),
    dates: [raw.pubDate, raw.date, raw.published, raw.updated, raw.isoDate]
      .map(text)
      .filter((d): d is string => !!d?.trim()),
    author: creator,
    categories,
    images: mediaImages(raw),
  };
}

// Applied only when strict XML parsing fails: the two faults real feeds most often have,
// a bare "&" and HTML-only entities such as &nbsp; (XML knows five named entities).
function repairXml(xml: string): string {
  return xml.replace(/&(?!#\d+;|#x[0-9a-fA-F]+;)([A-Za-z][A-Za-z0-9]*;)?/g, (match, name?: string) => {
    if (!name) return "&amp;";
    if (["amp;", "lt;", "gt;", "quot;", "apos;"].includes(name)) return match;
    const decoded = decodeHTML(match);
    return decoded === match ? `&amp;${name}` : [...decoded].map((c) => `&#${c.codePointAt(0)};`).join("");
  });
}

async function parseXml(xml: string) {
  const parser = new LenientParser({ customFields: CUSTOM_FIELDS });
  try {
    return await parser.parseString(xml);
  } catch (first) {
    const repaired = repairXml(xml);
    if (repaired === xml) throw first;
    return new LenientParser({ customFields: CUSTOM_FIELDS })
      .parseString(repaired)
      .catch(() => Promise.reject(first));
  }
}

/** Parses a feed's bytes; throws FeedParseError when they hold no usable feed. */
export async function parseFeed(bytes: Uint8Array, contentType?: string | null): Promise<ParsedFeed> {
  const { text: decoded, charset } = decodeFeedBytes(bytes, contentType);
  const xml = decoded.replace(/^[\s\ufeff]+/, "");
  if (!xml) throw new FeedParseError("empty feed (no content)");
  let output;
  try {
    output = await parseXml(xml);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0].slice(0, 200);
    throw new FeedParseError(`not a well-formed RSS or Atom feed: ${reason}`);
  }
  // rss-parser does not say which format it read; the root element does.
  const format: ParsedFeed["format"] = /<(?:rss|rdf:RDF|feed)[\s>]/.exec(xml)?.[0].startsWith("<feed")
    ? "atom"
    : "rss";
  const items = (output.items ?? []).map((raw) => toItem(raw as RawItem, format));
  if (items.length === 0) throw new FeedParseError("empty feed (no items)");
  return { format, title: text(output.title)?.trim(), link: text(output.link)?.trim(), items, charset };
}
