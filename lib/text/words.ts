/**
 * The word lists and word tests that clustering and analysis share, so that both read a text the
 * same way: the English function words that say nothing about a story, counts written as words,
 * and when a headline is in Title Case (its capitals are then no evidence of names). Each side
 * adds its own vocabulary on top: clustering drops headline boilerplate ("UPDATE 2-", "FACTBOX"),
 * the analysis the words of comparing reports ("outlets", "coverage").
 * docs/decisions/103-one-text-toolkit.md.
 */

/**
 * Pronouns, articles, auxiliaries, prepositions, conjunctions and common adverbs. "last", "per"
 * and "yet" are left to the analysis's own list: as clustering stop words, each alone tipped the
 * uci-dev.csv headlines into one card of gas prices and the EU banking union (decision 103).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above according across after again against all almost along also although always am among amid an " +
    "and another any are around as at be because been before being below between both but by can cant could did " +
    "do does doesnt doing dont down during each either even ever every few for from further had has have having " +
    "he her here hers herself him himself his how however i if im in into is isnt it it's its itself ive just " +
    "least less lets many may me meanwhile might more most much must my myself neither never next no nor not now " +
    "of off often on once one only or other others our ours ourselves out over own perhaps same several shall " +
    "she should since so some still such than that the their theirs them themselves then there these they this " +
    "those though through thus to too two under until up upon us very via vs was we were what when where whether " +
    "which while who whom whose why will with within without wont would you youre your yours yourself yourselves"
  ).split(" "),
);

/** Counts from one to twenty written as words, and their values ("three games" is "3 games"). */
export const COUNT_WORDS: ReadonlyMap<string, string> = new Map(
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
    .split(" ")
    .map((word, k) => [word, String(k + 1)]),
);

/**
 * At least this share of a headline's words capitalised makes it Title Case
 * ("Bull Market Rivals Half Valuation As Demand Broadens").
 */
export const TITLE_CASE_SHARE = 0.7;

/** Whether `capitalised` of `words` content words make a text Title Case (two words at least). */
export function isTitleCaseShare(capitalised: number, words: number): boolean {
  return words >= 2 && capitalised / words >= TITLE_CASE_SHARE;
}
