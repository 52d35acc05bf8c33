/**
 * Words outlets use for one thing, folded onto one term when the analysis compares what texts
 * say (lib/text/terms.ts termOf): one outlet's "deal" is another's "contract", one's "migrants"
 * another's "immigrants". Places and their demonyms are folded apart (lib/text/demonyms.ts: UK,
 * Britain and British; US and American); this table adds the two-word names of places ("United
 * Kingdom"), and common news words whose variants report the same fact. Each group is here
 * because outlets of the labelled dev stories (tests/fixtures/analysis-eval-stories.ts) or the
 * editors' notes of issue 25 state one fact with them; a word that also has an unrelated common
 * sense is left out ("post", "charge", "fire"), so a fold never makes two different facts meet.
 * docs/decisions/035-shared-facts-across-wording.md.
 */

/**
 * Groups of words (lowercase, any inflection: every form is stemmed before it is looked up);
 * the first word of a group is the term the group reads as.
 */
const GROUPS: readonly (readonly string[])[] = [
  // A migrant is an immigrant in another outlet's words (issue 25; migrant-housing story).
  ["migrant", "immigrant", "emigrant"],
  // Reporter and journalist, correspondent (issue 25).
  ["reporter", "journalist", "correspondent"],
  // A deal is a contract, an agreement, an accord or a pact (issue 25: a diplomatic row).
  ["deal", "contract", "agreement", "accord", "pact"],
  // A crash is an accident, a wreck or a collision (arrington story).
  ["crash", "accident", "wreck", "collision"],
  // Blast and explosion (zimbabwe story).
  ["explosion", "blast"],
  // Tariffs and levies on goods (eu-us tariffs story; "duty" also means an obligation: left out).
  ["tariff", "levy", "levies"],
  // Soldiers and troops.
  ["soldier", "troop", "troops"],
  // A death reported as "killed", "dead" or "died" (india-china story: "20 killed", "20 dead").
  ["die", "died", "dead", "death", "deaths", "kill", "killed"],
  // Videos, footage and tapes (ufo story).
  ["video", "footage", "tape", "tapes"],
  // Found guilty, convicted.
  ["convict", "convicted", "convicts", "guilty"],
  // Arrested, detained.
  ["arrest", "detain", "detained"],
  // A protester is a demonstrator.
  ["protester", "protestor", "demonstrator"],
  // Quitting, resigning.
  ["resign", "quit", "quits"],
  // Lawmakers, legislators.
  ["lawmaker", "legislator"],
  // A restart, a resumption, a return.
  ["restart", "resume", "resumption"],
  // Cars, autos.
  ["car", "auto", "autos"],
];

/** Two-word names of places that one word names elsewhere ("United Kingdom" is "UK"): → the place's term. */
export const PLACE_PHRASES: ReadonlyMap<string, string> = new Map([
  ["united kingdom", "britain"],
  ["great britain", "britain"],
  ["united states", "usa"],
  // "Saudi Arabia" is "Saudi" elsewhere ("a Saudi-led drive", opec-output-deal).
  ["saudi arabia", "saudi"],
]);

/**
 * Builds the stem → term table with the caller's stemmer (lib/text/terms.ts owns stemming; this
 * module only owns the word lists).
 */
export function synonymTable(stem: (word: string) => string): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const group of GROUPS) {
    const term = stem(group[0]);
    for (const word of group) if (stem(word) !== term) table.set(stem(word), term);
  }
  return table;
}
