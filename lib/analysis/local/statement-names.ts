/**
 * The names a statement writes: runs of capitalised words the card knows as names, each with its
 * name families (for "does another outlet mention it"), and whether it is one word that is the
 * adjective of a place or a party ("British"). Not names: dates, sentence-opening or emphatic
 * capitals ("WON'T"), the outlets' own names ("BBC", "Reuters"), a title's words ("Prime" of
 * "Prime Minister") nor a reporter's byline ("CNN correspondent Rosa Flores", issue 32).
 */
import { capitalisedRuns, isNameJoiner, namesInRun } from "../text/names";
import { spelledNumber } from "../text/numbers";
import { isStopToken, type Token } from "../text/tokens";
import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { PLACE_PHRASES } from "@/lib/text/synonyms";
import { CALENDAR_WORDS, nameFamily, nameSpelling } from "@/lib/text/terms";
import { isAcronym } from "@/lib/text/words";
import type { PreparedArticle, PreparedSentence } from "./facts";

export interface NameMention {
  text: string;
  /** One word that is the adjective of a place or a party ("British", "Republican"). */
  adjective: boolean;
  /** Name families of its words (lib/text/terms.ts), for "does another outlet mention it". */
  families: string[];
}

/** Words of the card's outlet names ("BBC", "News", "Reuters", "Mail"): self-references, not names of the story. */
export function outletWords(articles: PreparedArticle[]): Set<string> {
  const words = new Set<string>(["mail on sunday"]);
  for (const a of articles)
    for (const w of a.outlet.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w && w !== "the") words.add(w);
  return words;
}

/** A word in capitals that is emphasis rather than an acronym: "WON'T", "LONGER", "FIVE". */
function emphatic(t: Token, lowercase: Set<string>): boolean {
  if (!/^[\p{Lu}\p{N}'’.-]+$/u.test(t.text) || t.text.length < 2) return false;
  return (
    /['’]/.test(t.text) ||
    t.text.length >= 7 ||
    isStopToken(t) ||
    lowercase.has(t.key) ||
    spelledNumber(t.key) !== undefined
  );
}

/** Words for the people who write the report: the name after one is a byline ("CNN correspondent Rosa Flores"). */
const REPORTER_WORDS = "correspondent|reporter|journalist|anchor|editor|producer|contributor";
const BYLINE_BEFORE = new RegExp(
  `(?:(?:^|[\\s(])by\\s+|(?:${REPORTER_WORDS})\\s+|([\\p{L}\\d]+)['’]s\\s+)$`,
  "iu",
);
const BYLINE_AFTER = /^\s+(?:reports|reported|reporting|has more|explains|contributed)\b/i;

/**
 * Whether the name at `start..end` of a sentence is the byline of the report, not a name of the
 * story (issue 32: "Only CNN mentions Rosa Flores"): after "By", after a word for a reporter
 * ("correspondent Rosa Flores"), after an outlet's possessive ("CNN's Rosa Flores"), or followed
 * by "reports" ("Rosa Flores reports").
 */
function byline(text: string, start: number, end: number, outlets: Set<string>): boolean {
  const before = BYLINE_BEFORE.exec(text.slice(Math.max(0, start - 40), start));
  if (before && (before[1] === undefined || outlets.has(before[1].toLowerCase()))) return true;
  return BYLINE_AFTER.test(text.slice(end, end + 20));
}

/** The names a sentence writes: runs the card knows as names, without titles, dates, emphasis, outlet names or bylines. */
export function namesOf(
  sentence: PreparedSentence,
  from: number,
  to: number,
  cardNames: Map<string, string>,
  lowercase: Set<string>,
  outlets: Set<string>,
): NameMention[] {
  const out = new Map<string, NameMention>();
  for (const run of capitalisedRuns(sentence.text, sentence.tokens)) {
    const breaks = (t: Token) => t.start < from || CALENDAR_WORDS.has(t.key) || emphatic(t, lowercase);
    for (const current of namesInRun(run, breaks)) {
      // A name the statement's cut leaves in part is no name of it ("Prime" of "Prime Minister").
      if (current.at(-1)!.start >= to) continue;
      const key = current.map((t) => t.key).join(" ");
      const self = current.every((t) => outlets.has(t.key)) || outlets.has(key);
      const reporter = byline(sentence.text, current[0].start, current.at(-1)!.end, outlets);
      if (cardNames.has(key) && !self && !reporter && !out.has(key)) {
        const words = current.filter((t) => !isNameJoiner(t));
        const adjective =
          words.length === 1 &&
          !words[0].acronym &&
          (PLACE_OF_DEMONYM.has(words[0].key) || /(?:an|ic|ese|ish)$/.test(words[0].key));
        // "US-Mexico" is also "US" and "Mexico".
        const families = words.flatMap((t) => [
          nameFamily(t.text, t.acronym),
          ...(t.text.includes("-")
            ? t.text
                .split("-")
                .filter(Boolean)
                .map((p) => nameFamily(p, isAcronym(p)))
            : []),
          ...[nameSpelling(t.text)].filter((x): x is string => x !== null),
          // "United Kingdom" is also "UK" and "Britain".
          ...[PLACE_PHRASES.get(key)].filter((x): x is string => x !== undefined),
        ]);
        out.set(key, { text: current.map((t) => t.text).join(" "), adjective, families });
      }
    }
  }
  return [...out.values()];
}
