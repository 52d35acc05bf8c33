/**
 * The words of an article's link: many outlets write the story into the URL ("…/2782448-ahmed-musa-
 * brace-gives-nigeria-crucial-win-vs-iceland-at-2018-world-cup"), sometimes where the feed's own
 * headline says less ("Messi and Argentina owe Nigeria a thank you"). Only a path segment of three
 * words or more counts as such a slug; ids, hashes and tracking parts are dropped.
 */

import { LINK_WORDS } from "@/lib/cluster/tuning";

const WORD = /^\p{L}+$/u;
// A figure ("3", "25000"), a figure with its unit ("233m", "1st"), or a code ("g7", "covid19").
const FIGURE = /^(?:\d{1,5}|\d{1,5}(?:st|nd|rd|th|s|k|m|bn|b)|[a-z]{1,6}\d{1,4})$/;
const EXTENSION = /\.[a-z0-9]{1,5}$/;

/** The slug of `url` as lowercase words separated by spaces, or "" when the link has none. */
export function linkWords(url: string | null | undefined): string {
  if (!url) return "";
  let path: string;
  try {
    path = new URL(url.trim().slice(0, LINK_WORDS.maxLength)).pathname;
  } catch {
    return "";
  }
  let best: string[] = [];
  for (const segment of path.split("/")) {
    const words = segmentWords(segment);
    // The later of two equal segments: slugs come after sections.
    if (words.length >= LINK_WORDS.minSlugWords && words.length >= best.length) best = words;
  }
  return best.join(" ");
}

function segmentWords(segment: string): string[] {
  let text = segment.toLowerCase().replace(EXTENSION, "");
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape: read the segment as it is.
  }
  const words: string[] = [];
  let wordCount = 0;
  for (const part of text.split(/[-_+.,]+/)) {
    if (WORD.test(part)) {
      words.push(part);
      wordCount += 1;
    } else if (FIGURE.test(part)) words.push(part);
  }
  return wordCount >= LINK_WORDS.minSlugWords ? words : [];
}
