/**
 * Feed HTML is untrusted. Titles, summaries and content are stored as plain text: the
 * sanitizer (not regexes) drops every tag, attribute, script and style; what remains is
 * decoded to characters. React escapes it again when it is shown.
 */

import { decodeHTML } from "entities";
import sanitizeHtml from "sanitize-html";

// Tags whose edges separate words ("<p>a</p><p>b</p>" is "a b", not "ab"). They survive the
// first pass without attributes, so the only markup left is one of these, in canonical form.
const BREAKING_TAGS = [
  "p",
  "br",
  "div",
  "li",
  "ul",
  "ol",
  "tr",
  "td",
  "th",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "figure",
  "figcaption",
  "section",
  "article",
  "header",
  "footer",
  "hr",
  "dd",
  "dt",
  "pre",
];
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: BREAKING_TAGS,
  allowedAttributes: {},
  // Content of these is never text a reader should see.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "template",
    "iframe",
    "object",
    "svg",
    "math",
    "xmp",
    "title",
    "head",
  ],
  disallowedTagsMode: "discard",
};
const CANONICAL_BREAK = new RegExp(`</?(?:${BREAKING_TAGS.join("|")}) ?/?>`, "g");

/**
 * Feed HTML read at most: the stored text is at most 20,000 characters, and the sanitizer's time
 * grows faster than its input (1 MB of nested <div> in one item took 9.7 s, issue 14).
 */
export const MAX_HTML_CHARS = 64_000;

/** The input cut to MAX_HTML_CHARS, before a tag it would cut in half and never inside a surrogate pair. */
function capInput(input: string): string {
  if (input.length <= MAX_HTML_CHARS) return input;
  let cut = input.slice(0, MAX_HTML_CHARS);
  const open = cut.lastIndexOf("<");
  if (open > cut.lastIndexOf(">")) cut = cut.slice(0, open);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function onePass(input: string): string {
  const safe = sanitizeHtml(input, SANITIZE).replace(CANONICAL_BREAK, " ");
  return decodeHTML(safe);
}

/**
 * Plain text of a feed field that may hold HTML, entity-escaped HTML or text. Whitespace is
 * collapsed; the result is cut to maxLength characters at a word boundary.
 */
export function toPlainText(input: string | null | undefined, maxLength = 10_000): string {
  if (!input) return "";
  let text = capInput(input);
  // Fast paths: no markup and no entities means plain text already; entities alone are
  // decoded, and only sanitized when decoding reveals markup.
  if (!text.includes("<") && text.includes("&")) text = decodeHTML(text);
  if (text.includes("<") || text.includes("&lt;")) {
    // Feeds often escape their HTML once more inside CDATA ("&lt;p&gt;"), some twice;
    // decoding reveals markup again, so repeat while the text still looks like (escaped)
    // markup. Bounded: a text about "&lt;div&gt;" may lose that word, never more.
    for (let pass = 0; pass < 4; pass++) {
      text = onePass(text);
      if (!/(?:<|&lt;)[a-zA-Z!/?]/.test(text)) break;
    }
  }
  text = text.replace(/[\s\u200b\ufeff]+/g, " ").trim();
  return truncate(text, maxLength);
}

/** Cuts text to at most max characters, at the last space when there is one near the end. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
