/**
 * The field rules of the JSON Feed Version 1.1 specification (Brent Simmons and Manton Reece), as a
 * check that lists every rule a document breaks. Written from the specification's text, not from
 * our schema, so a feed that follows our schema but not the format still fails:
 *  - top level: `version` is the 1.1 URL; `title` a string; `items` an array; the other fields, when
 *    present, have their types; `next_url` differs from `feed_url`; `authors` objects carry at
 *    least one of name, url, avatar; `hubs` have a type and a url;
 *  - items: `id` a string, unique in the feed; `content_html` or `content_text` present (at least
 *    one), both strings; dates in RFC 3339; `tags` strings; attachments with url and mime_type;
 *  - extensions: any key the specification does not define starts with "_" and a letter; neither
 *    an extension's name nor its member keys contain ".";
 * plus what the specification asks of a feed published on the web: `home_page_url` and `feed_url`
 * present, and URLs that are absolute http(s) URLs.
 */

export const JSON_FEED_1_1 = "https://jsonfeed.org/version/1.1";

const TOP_LEVEL = [
  "version",
  "title",
  "home_page_url",
  "feed_url",
  "description",
  "user_comment",
  "next_url",
  "icon",
  "favicon",
  "author",
  "authors",
  "language",
  "expired",
  "hubs",
  "items",
];
const ITEM = [
  "id",
  "url",
  "external_url",
  "title",
  "content_html",
  "content_text",
  "summary",
  "image",
  "banner_image",
  "date_published",
  "date_modified",
  "author",
  "authors",
  "tags",
  "language",
  "attachments",
];
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function isHttpUrl(v: unknown): boolean {
  try {
    return typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** Every rule `doc` breaks, each as "where: what"; an empty list means it is a valid JSON Feed 1.1. */
export function jsonFeedProblems(doc: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);
  const string = (o: Obj, key: string, where: string) => {
    if (key in o && typeof o[key] !== "string") fail(`${where}.${key}`, "is not a string");
  };
  const url = (o: Obj, key: string, where: string) => {
    string(o, key, where);
    if (typeof o[key] === "string" && !isHttpUrl(o[key]))
      fail(`${where}.${key}`, "is not an absolute http(s) URL");
  };
  const extensions = (o: Obj, known: string[], where: string) => {
    for (const key of Object.keys(o)) {
      if (known.includes(key)) continue;
      if (!/^_[A-Za-z]/.test(key))
        fail(
          `${where}.${key}`,
          "is not a field of the format, and extension names start with _ and a letter",
        );
      else if (key.includes(".")) fail(`${where}.${key}`, "an extension name contains '.'");
      else if (isObject(o[key]))
        for (const member of Object.keys(o[key] as Obj))
          if (member.includes(".")) fail(`${where}.${key}.${member}`, "contains '.'");
    }
  };
  const authors = (o: Obj, where: string) => {
    if (!("authors" in o)) return;
    if (!Array.isArray(o.authors)) return fail(`${where}.authors`, "is not an array");
    o.authors.forEach((a, i) => {
      if (!isObject(a)) return fail(`${where}.authors[${i}]`, "is not an object");
      if (!["name", "url", "avatar"].some((k) => k in a))
        fail(`${where}.authors[${i}]`, "has none of name, url, avatar");
      string(a, "name", `${where}.authors[${i}]`);
      url(a, "url", `${where}.authors[${i}]`);
      url(a, "avatar", `${where}.authors[${i}]`);
    });
  };

  if (!isObject(doc)) return ["feed: is not a JSON object"];
  if (doc.version !== JSON_FEED_1_1) fail("feed.version", `is not "${JSON_FEED_1_1}"`);
  if (typeof doc.title !== "string") fail("feed.title", "is required and must be a string");
  for (const key of ["home_page_url", "feed_url"])
    if (!(key in doc)) fail(`feed.${key}`, "is missing (required of a feed on the public web)");
  for (const key of ["home_page_url", "feed_url", "next_url", "icon", "favicon"]) url(doc, key, "feed");
  for (const key of ["description", "user_comment", "language"]) string(doc, key, "feed");
  if ("next_url" in doc && doc.next_url === doc.feed_url) fail("feed.next_url", "is the same as feed_url");
  if ("expired" in doc && typeof doc.expired !== "boolean") fail("feed.expired", "is not a boolean");
  authors(doc, "feed");
  if ("hubs" in doc) {
    if (!Array.isArray(doc.hubs)) fail("feed.hubs", "is not an array");
    else
      doc.hubs.forEach((h, i) => {
        if (!isObject(h) || typeof h.type !== "string" || typeof h.url !== "string")
          fail(`feed.hubs[${i}]`, "needs a type and a url");
      });
  }
  extensions(doc, TOP_LEVEL, "feed");
  if (!Array.isArray(doc.items)) return [...problems, "feed.items: is required and must be an array"];

  const ids = new Set<string>();
  doc.items.forEach((item, i) => {
    const where = `items[${i}]`;
    if (!isObject(item)) return fail(where, "is not an object");
    if (typeof item.id !== "string") fail(`${where}.id`, "is required and must be a string");
    else if (ids.has(item.id)) fail(`${where}.id`, `repeats ${item.id}`);
    else ids.add(item.id);
    if (!("content_html" in item) && !("content_text" in item))
      fail(where, "has neither content_html nor content_text");
    for (const key of ["title", "content_html", "content_text", "summary", "language"])
      string(item, key, where);
    for (const key of ["url", "external_url", "image", "banner_image"]) url(item, key, where);
    for (const key of ["date_published", "date_modified"]) {
      if (key in item && (typeof item[key] !== "string" || !RFC_3339.test(item[key] as string)))
        fail(`${where}.${key}`, "is not an RFC 3339 date");
    }
    authors(item, where);
    if ("tags" in item && (!Array.isArray(item.tags) || item.tags.some((t) => typeof t !== "string")))
      fail(`${where}.tags`, "is not an array of strings");
    if ("attachments" in item) {
      if (!Array.isArray(item.attachments)) fail(`${where}.attachments`, "is not an array");
      else
        item.attachments.forEach((a, j) => {
          if (!isObject(a) || typeof a.url !== "string" || typeof a.mime_type !== "string")
            fail(`${where}.attachments[${j}]`, "needs a url and a mime_type");
        });
    }
    extensions(item, ITEM, where);
  });
  return problems;
}
