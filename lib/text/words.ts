/**
 * The word lists and word tests that clustering and analysis share, so that both read a text the
 * same way: the English function words that say nothing about a story, counts written as words,
 * and when a headline is in Title Case (its capitals are then no evidence of names). Each side
 * adds its own vocabulary on top: clustering drops headline boilerplate ("UPDATE 2-", "FACTBOX"),
 * the analysis the words of comparing reports ("outlets", "coverage"). The words that negate what
 * follows are here too, for the analysis's tone and contradiction readers, and the titles that
 * precede a name.
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

/**
 * Titles that precede a name ("President Joe Biden"): the analysis strips them from the start of a
 * name (lib/analysis/text/names.ts) and never takes one alone for a name (lib/analysis/local/differences.ts);
 * clustering never takes one for what a card is about (lib/cluster/assembly/join-cards.ts).
 */
export const HONORIFICS: ReadonlySet<string> = new Set(
  (
    "mr mrs ms miss dr prof professor sir dame lord lady president vice former gov governor sen senator rep mayor gen " +
    "general secretary minister chancellor king queen prince princess pope judge officer chief st saint " +
    "capt captain lt sgt det commissioner premier sheikh"
  ).split(" "),
);

/** Counts from one to twenty written as words, and their values ("three games" is "3 games"). */
export const COUNT_WORDS: ReadonlyMap<string, string> = new Map(
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
    .split(" ")
    .map((word, k) => [word, String(k + 1)]),
);

/** Negations contracted with "n't", as written with the apostrophe ("didn't", "won't"). */
export const CONTRACTED_NEGATIONS: readonly string[] =
  "can't don't doesn't didn't won't isn't wasn't aren't weren't hasn't haven't hadn't couldn't wouldn't shouldn't".split(
    " ",
  );

/**
 * Words that negate what follows ("not", "never", "no", "without", "won't"), lowercase with the
 * apostrophe. Each reader adds its own (decision 150): the tone reader also the contractions typed
 * without the apostrophe, the contradiction reader denials and refusals.
 */
export const NEGATORS: ReadonlySet<string> = new Set([
  ..."not no never without nor neither cannot".split(" "),
  ...CONTRACTED_NEGATIONS,
]);

/**
 * At least this share of a headline's words capitalised makes it Title Case
 * ("Bull Market Rivals Half Valuation As Demand Broadens").
 */
export const TITLE_CASE_SHARE = 0.7;
/**
 * Words shorter than this say nothing either way: short words ("of", "to", "in", "US") keep
 * their case in Title Case and in sentence case alike.
 */
export const TITLE_CASE_MIN_LENGTH = 4;

// Letters only (an apostrophe or hyphen inside): a code or a number ("Covid-19", "G7") has no case to tell.
const CASED_WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

/** A word as the Title Case test reads it: as written (any case), and whether it opens a sentence. */
export interface CasedWord {
  word: string;
  capitalised: boolean;
  sentenceStart: boolean;
}

/**
 * Whether a text is in Title Case: of its words that can tell (not opening a sentence, not a
 * function word, letters only, TITLE_CASE_MIN_LENGTH characters or more), at least
 * TITLE_CASE_SHARE capitalised; fewer than two such words cannot tell, and the text's capitals
 * then count as they stand. Clustering and analysis both ask this one test.
 */
export function isTitleCase(words: Iterable<CasedWord>): boolean {
  let judged = 0;
  let capitalised = 0;
  for (const w of words) {
    if (w.sentenceStart || !tellsTitleCase(w.word)) continue;
    judged++;
    if (w.capitalised) capitalised++;
  }
  return isTitleCaseShare(judged, capitalised);
}

/** Whether a word (as written, not opening a sentence) counts in the Title Case test: isTitleCase's words that can tell. */
export function tellsTitleCase(word: string): boolean {
  return (
    word.length >= TITLE_CASE_MIN_LENGTH && CASED_WORD.test(word) && !FUNCTION_WORDS.has(word.toLowerCase())
  );
}

/** The Title Case verdict on `judged` words that can tell, `capitalised` of them capitalised. */
export function isTitleCaseShare(judged: number, capitalised: number): boolean {
  return judged >= 2 && capitalised / judged >= TITLE_CASE_SHARE;
}

/** Acronyms have at most this many letters: longer words in capitals are emphasis, labels or bylines ("UPDATE", "EXCLUSIVE", "LITTLEJOHN"). */
export const ACRONYM_MAX_LETTERS = 5;
const ACRONYM_FORM = /^\p{Lu}(?:\.?[\p{Lu}\p{N}])+\.?$/u;

/**
 * Whether a word as written is an acronym: capitals (and digits, dots between them) only, two
 * characters or more, at most ACRONYM_MAX_LETTERS letters: "US", "U.S.", "NASA", "G7", not
 * "WON'T", "UPDATE" or "Nasa". The one test for clustering and analysis alike.
 */
export function isAcronym(word: string): boolean {
  if (!ACRONYM_FORM.test(word)) return false;
  let letters = 0;
  for (const c of word) if (c !== "." && !(c >= "0" && c <= "9")) letters++;
  return letters <= ACRONYM_MAX_LETTERS;
}
