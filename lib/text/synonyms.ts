/**
 * Words outlets use for one thing, folded onto one term when the analysis compares what texts
 * say (lib/text/terms.ts termOf): one outlet's "deal" is another's "contract", one's "migrants"
 * another's "immigrants". Places and their demonyms are folded apart (lib/text/demonyms.ts: UK,
 * Britain and British; US and American); this table adds the two-word names of places ("United
 * Kingdom"), and common news words whose variants report the same fact. Each group is here
 * because outlets of the labelled dev stories (tests/fixtures/analysis-eval-stories.ts) or the
 * editors' notes of issues 25 and 32 state one fact with them; a word that also has an unrelated common
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
  // Issue 32: words outlets of one story used for one thing.
  // A rift is a division or a divide ("rift over how Gaza should be governed", "divisions over who
  // should govern Gaza"); an army's or a league's division rarely stands beside a rift in one story.
  ["rift", "division", "divide"],
  // Camped, encamped, an encampment (migrants camped under a bridge).
  ["camp", "encamp", "encampment"],
  // A threat, threatened, threatening.
  ["threat", "threaten"],
  // Jobs cut, axed, slashed.
  ["cut", "axe", "slash"],
  // A wildfire is a blaze (and a fire: EXTRA_TERMS below).
  ["wildfire", "blaze", "bushfire"],
  // An air strike is a strike.
  ["strike", "airstrike"],
  // Launching a new era is initiating one ("launching new era of spaceflight", "to initiate a new,
  // commercial era in spaceflight"); "begin" and "start" are left out, too common to fold.
  ["launch", "initiate"],
  // The coronavirus and the disease it causes, as outlets name them ("Covid-19 patients", "coronavirus patients").
  ["coronavirus", "covid"],
];

/**
 * A word's second term, beside its own: a compound also says its head ("wildfire" says "fire",
 * "airstrike" folds onto "strike" above), and a kind of thing says the wider word ("steroid" says
 * "drug"). Keyed by the first word of its group. "Fire" alone is no synonym of a blaze (it is also
 * a dismissal), nor is every drug a steroid, so each is an extra term here, never a fold.
 */
export const EXTRA_TERMS: ReadonlyMap<string, string> = new Map([
  ["wildfire", "fire"],
  // A steroid is a drug ("the steroid dexamethasone", "the first life-saving drug"); not every drug is a steroid.
  ["steroid", "drug"],
]);

/**
 * Irregular forms of verbs that news reports in several tenses, → the plain form (Porter2 stems
 * endings and cannot see that "shot" is "shoot", "blew" is "blow"). Forms with another common
 * sense are left out: "left" (a direction), "found" (to found), "saw" (a tool), "lay", "rose", "met"
 * (the Met Police).
 */
export const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  (
    "shot:shoot fled:flee struck:strike stricken:strike fought:fight began:begin begun:begin " +
    "broke:break broken:break chose:choose chosen:choose drove:drive driven:drive fell:fall fallen:fall " +
    "flew:fly flown:fly froze:freeze frozen:freeze gave:give given:give grew:grow grown:grow hid:hide " +
    "hidden:hide knew:know known:know lost:lose paid:pay ran:run risen:rise sent:send sank:sink sunk:sink " +
    "spoke:speak spoken:speak stole:steal stolen:steal swore:swear sworn:swear threw:throw thrown:throw " +
    "wrote:write written:write won:win withdrew:withdraw withdrawn:withdraw blew:blow blown:blow " +
    "built:build burnt:burn dug:dig fed:feed hung:hang kept:keep meant:mean sought:seek " +
    "shook:shake shaken:shake stood:stand stuck:stick swept:sweep tore:tear torn:tear woke:wake " +
    "forbade:forbid forbidden:forbid beaten:beat bitten:bite led:lead sold:sell bought:buy " +
    "caught:catch taught:teach brought:bring thought:think held:hold"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/**
 * Names of two or three words that an abbreviation or one word names elsewhere ("United Kingdom"
 * is "UK", "Group of Seven" is "G7", "Prime Minister" is "PM"): lowercase words → the term of the
 * short form. A text writing the phrase also says the short form's term.
 */
export const PLACE_PHRASES: ReadonlyMap<string, string> = new Map([
  ["united kingdom", "britain"],
  ["great britain", "britain"],
  ["united states", "usa"],
  ["united nations", "un"],
  ["european union", "eu"],
  ["prime minister", "pm"],
  ["group of seven", "g7"],
  ["group of 7", "g7"],
  ["group of twenty", "g20"],
  ["group of 20", "g20"],
  // "Saudi Arabia" is "Saudi" elsewhere ("a Saudi-led drive", opec-output-deal).
  ["saudi arabia", "saudi"],
]);

/**
 * The words of a return after a gap, read as a resumption (the "restart" group above) wherever a
 * text writes one of three forms (lib/analysis/text/tokens.ts returnAfterGap): "the first … since
 * 2011" (a year, a decade or a month, not an event: "first interview since his release" tells of
 * the release), "the first … in nearly a decade" (a span of time: "the biggest crowd in a decade"
 * is a record, not a return, so only "first" opens it), and "brought spaceflight back to the US"
 * (a verb of bringing or coming, then "back to", "in" or "on": "backs the plan" is support, "came
 * back from injury" says where from, not a return to, and "pushed back to Saturday" is a delay).
 * The word "return" itself is left out: "tax return" and "returned fire" have other senses. Issue
 * 32: one outlet wrote that NASA and SpaceX "brought spaceflight back to US", two that it was the
 * first launch from US soil "in nearly a decade" and "since 2011" (spacex-crew-dragon-launch).
 */
export const RETURN_AFTER_GAP = {
  /** The word that opens "the first … since" and "the first … in a decade". */
  first: "first",
  /** At most this many words from "first" to its "since" or "in" ("the first time humans have traveled into Earth's orbit from US soil in …"). */
  reach: 12,
  /** Words between "in" and the span's unit ("in nearly a decade", "in more than 50 years", "in the past decade"). */
  spanWords: new Set(
    "nearly almost over about around some more than at least close to just under well the past last a an several many few couple of".split(
      " ",
    ),
  ),
  /** At most this many words from "in" to the span's unit ("in more than 50 years"). */
  spanReach: 5,
  /** A span of time, singular and plural. */
  spanUnits: new Set(
    "decade decades year years month months week weeks century centuries generation generations".split(" "),
  ),
  /**
   * A verb of bringing or coming before "back" ("brought spaceflight back to"), in its written
   * forms. "Go" and "get" are left out ("the row goes back to 2011" is its age, "got back to
   * reporters" a reply), and "head" ("head coach back in 2015").
   */
  backVerbs: new Set(
    "bring brings bringing brought come comes coming came welcome welcomes welcomed".split(" "),
  ),
  /** At most this many words from that verb to "back" (its object: "brought human spaceflight back"). */
  backReach: 3,
  /** The words after "back" that make it a return to a place or state. */
  backTo: new Set(["to", "in", "into", "on", "onto"]),
  /** The term a return after a gap reads as: the resumption group's. */
  reads: "restart",
} as const;

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
