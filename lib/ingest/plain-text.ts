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

// Containers of paragraphs or of cells: their edges part words, not sentences.
const WORD_BREAKING_ONLY = new Set(["ul", "ol", "td", "th", "table", "figure"]);

/**
 * Tags that end a paragraph, a heading, a list item or a line. Text on either side is two
 * sentences even when the first lacks a full stop (a Guardian standfirst before its body:
 * "…racial slur</p><p>The head of Netflix…"); joined by a space they would read as one, with the
 * second sentence's opening word taken for part of the first (issue 25). Table cells and inline
 * containers only part words.
 */
const PARAGRAPH_TAGS = new Set(BREAKING_TAGS.filter((tag) => !WORD_BREAKING_ONLY.has(tag)));
// A character no feed text holds (a Unicode noncharacter), standing for a paragraph break until
// the spaces are settled; removed from the input first (one written as an entity can at most add
// a break).
const PARAGRAPH_MARK = "\uFDD0";
const FORGED_MARKS = /\uFDD0/g;
// A paragraph break after text with no closing punctuation (letters, digits, "%", a closing
// quote after a word), before text that opens with a capital or a digit: a full stop goes in.
// Read after spaces are collapsed, so each pattern has one way to match a run of breaks (linear).
const UNPUNCTUATED_BREAK =
  /([^\s.!?…:;,\u2014\u2013\-"”’')\]\uFDD0]["”’')\]]?)(?: ?\uFDD0)+ ?(?=["“‘']?[\p{Lu}\p{N}])/gu;
const ANY_BREAK = /(?: ?\uFDD0)+ ?/g;
const SPACES = /[\s\u200b\ufeff]+/g;

/**
 * Settles the paragraph breaks of a text: a full stop and a space where the text before one
 * ends without closing punctuation and the text after opens a sentence ("…racial slur. The head
 * of Netflix…"), else a space. The stored text then reads as sentences everywhere it is shown or
 * analysed, and adds nothing where the feed already punctuated (docs/decisions/053-paragraph-breaks-in-feed-text.md).
 */
function settleBreaks(text: string): string {
  if (!text.includes(PARAGRAPH_MARK)) return text;
  return text.replace(SPACES, " ").replace(UNPUNCTUATED_BREAK, "$1. ").replace(ANY_BREAK, " ");
}

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
  const safe = sanitizeHtml(input, SANITIZE).replace(CANONICAL_BREAK, (tag) =>
    PARAGRAPH_TAGS.has(/^<\/?([a-z0-9]+)/.exec(tag)![1]) ? PARAGRAPH_MARK : " ",
  );
  return decodeHTML(safe);
}

/**
 * Plain text of a feed field that may hold HTML, entity-escaped HTML or text. Whitespace is
 * collapsed; the result is cut to maxLength characters at a word boundary.
 */
export function toPlainText(input: string | null | undefined, maxLength = 10_000): string {
  if (!input) return "";
  let text = capInput(input).replace(FORGED_MARKS, "");
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
  text = settleBreaks(text).replace(SPACES, " ").trim();
  return truncate(text, maxLength);
}

/** Cuts text to at most max characters, at the last space when there is one near the end. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
