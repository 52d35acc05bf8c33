/**
 * Common points: the shared facts, each stated in a sentence taken from an article. Every
 * statement (headline or lead sentence) is compared with every other outlet's text, words
 * case-folded, stemmed and with demonyms folded, verbs included: an outlet reports a statement
 * when its text holds two fifths of the statement's words (names counting double) and three or
 * more of them, a word held in any of its forms ("PM" for "Prime Minister", "Hariri" for
 * "al-Hariri": text/tokens.ts passageWords). The statement that the most outlets report most
 * fully is the first common point; the next ones, from other articles, must add shared content
 * the earlier ones do not state, and count and cite only the outlets whose text holds some of
 * what they add (decision 177). Each point cites the article it quotes and every article of
 * another outlet that reports it. Words are compared after lib/text/terms.ts has folded their
 * forms and synonyms ("immigrants" and "migrants", "contract" and "deal"), so a fact told in
 * other words is found.
 *
 * A supporter holds the quoted sentence's clauses only when its own text has every figure and
 * name the sentence gives; one that reports the fact with other details (another count, another
 * name) is not credited with the quoted sentence: the point then quotes each such outlet in its
 * own words beside it ("CNBC: “…”"), so no outlet is cited for a detail it did not give
 * (docs/decisions/035-shared-facts-across-wording.md). A statement every supporter holds whole
 * ranks above one they hold in part. A text that shares a sentence's words but not its negation
 * ("was not arrested"), or an outlet that contradicts it (lib/analysis/local/contradictions.ts),
 * does not report it. A question ("Who might lead N Korea without Kim?") states no fact: it is
 * never a shared fact's quoted statement nor an outlet's own wording of one. Names and topic
 * words are not the fact: a supporter's own text must write the statement's action, its verb
 * ("will respond", "threatens"), or it does not report it (actionTerms); it is credited with the
 * quoted sentence only when it holds most of the sentence besides its names. A negation every
 * supporter states too ("was not injured", "not injured") is a fact of its own.
 *
 * Issue 32 (decision 035, amended): every outlet whose own text reports a statement is counted
 * and cited, the widest fact comes first, a sentence's clauses are statements too, and an outlet
 * lacking a name or figure of the statement must still write its action or a third of the rest.
 * An outlet's own wording in a later point states something that point adds; when only a passage
 * an earlier point quotes does, the point refers to it ("Daily Mail in the passage quoted above")
 * rather than quoting it twice or quoting a passage that does not state the fact (decision 171).
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { nameFamily, termOf } from "@/lib/text/terms";
import { findNumbers } from "../text/numbers";
import { isContentToken, REPORTS_SHARE, REPORTS_WORDS, tokenize, type Token } from "../text/tokens";
import { alreadyQuoted, countInWords } from "../text/writing";
import { contests, negatedIn, negatedPredicates, type Contradiction } from "./contradictions";
import type { PreparedArticle } from "./facts";
import type { WorkBudget } from "../work-budget";
import { reportsConsequence, type Statement } from "./statements";
import type { ArticleVocabulary } from "./vocabulary";

const MAX_POINTS = 3;
/** Of a statement's weighted words, the share another article must hold to report it (besides the plain share of text/tokens.ts). */
const SUPPORT_SHARE = 0.4;
/** A later point must add this many shared terms the earlier points do not state … */
const NEW_TERMS = 2;
/** … and at most this share of what it shares may be stated already (else it retells the first point). */
const RETOLD_SHARE = 0.5;
/** A supporter that holds the statement's terms but not all its figures and names counts this much toward its rank. */
const PARTIAL_SUPPORT = 0.5;
/**
 * Most of what a statement says besides its names: the share of those terms a supporter must
 * hold to be credited with the quoted sentence, and, when its text lacks the statement's action,
 * to report it at all.
 */
const BESIDES_NAMES_SHARE = 0.6;
/**
 * A supporter lacking one of the statement's names or figures (quoted in its own words) must hold
 * this share of the statement's terms other than names when it does not write its action: it
 * tells the fact with its own details, not merely the story's names (issue 32: an outlet whose
 * headline reports criticism of China over Hong Kong does not report the treaty's suspension).
 */
const PARTIAL_BESIDES_SHARE = 1 / 3;
/** A statement of fewer words is short: it weighs less, and only an outlet holding all its words reports it. */
const SHORT_WORDS = 5;
/** The weight statements give a name's terms (statements.ts termsOf). */
const NAME_WEIGHT = 2;
/** At most this many outlets are quoted in their own words in one point. */
const MAX_OWN_WORDINGS = 2;

export interface SharedFact extends CitedPoint {
  statement: Statement;
  /** Distinct outlets reporting it, the quoting one included. */
  outlets: number;
  /** Terms the cited articles share with the statement. */
  shared: Set<string>;
  /** Whether every cited outlet's text holds all the statement's figures and names. */
  whole: boolean;
  /** The passages it quotes: the statement and the other outlets' own wordings. */
  quotes: string[];
}

interface Candidate {
  statement: Statement;
  /** Articles of other outlets reporting it. */
  supporters: number[];
  /** Of those, the articles lacking one of its figures or names. */
  partial: Set<number>;
  shared: Set<string>;
  score: number;
}

function weightOf(terms: Map<string, number>, keys: Iterable<string>): number {
  let w = 0;
  for (const k of keys) w += terms.get(k) ?? 0;
  return w;
}

/** A statement's details beyond its names: every number it writes (years and days too) and the families of its acronyms ("US"). */
function detailsOf(statement: Statement): { numbers: string[]; acronyms: string[] } {
  return {
    numbers: findNumbers(statement.text).map((n) => n.value),
    acronyms: tokenize(statement.text)
      .filter((t) => t.acronym && t.key.length >= 2)
      .map((t) => nameFamily(t.text, true)),
  };
}

/** Whether an article's own text gives every figure and name of a statement. */
function holdsDetails(
  statement: Statement,
  details: ReturnType<typeof detailsOf>,
  vocabulary: ArticleVocabulary,
): boolean {
  return (
    details.numbers.every((n) => vocabulary.numbers.has(n)) &&
    details.acronyms.every((f) => vocabulary.families.has(f)) &&
    statement.names.every((n) => n.adjective || n.families.some((f) => vocabulary.families.has(f)))
  );
}

/** Auxiliaries, modals and the infinitive "to": the word after them (adverbs aside) is a verb ("will respond", "to ban"). */
const VERB_OPENERS = new Set(
  "to will would shall should can could may might must has have had is are was were be been being do does did not never".split(
    " ",
  ),
);
/** Words between an auxiliary and its verb that are not the verb ("has also been", "was not"). */
const BEFORE_VERB = new Set("also just already not never been be being still now".split(" "));
/** Endings of an inflected verb after its subject ("Trump threatens", "troops marched", "administration seeking"). */
const INFLECTED = /(?:[^su]s|es|ed|ing)$/;
/** Words in "-ing" that open a phrase after a comma without being its verb ("…, including", "…, according to"). */
const ING_PREPOSITIONS = new Set(
  "according including regarding concerning excluding following pending".split(" "),
);

/**
 * Whether the word at `k` follows a subject of two names joined by "and" or a comma ("NASA,
 * SpaceX launch", "NASA and Elon Musk's SpaceX successfully launch"), adverbs in "-ly" aside: a
 * plural subject, whose verb takes the plain form the inflected reading misses (it read the
 * object, "astronauts", instead).
 */
function afterJointSubject(tokens: Token[], k: number, isName: (t: Token) => boolean, text: string): boolean {
  const between = (a: number) => text.slice(tokens[a].end, tokens[a + 1].start);
  let j = k - 1;
  while (j >= 0 && !isName(tokens[j]) && /ly$/.test(tokens[j].key) && between(j) === " ") j--;
  if (j < 0 || !isName(tokens[j]) || tokens[j].possessive || !/^\.? $/.test(between(j))) return false;
  // The second name, words and possessives included ("Elon Musk's SpaceX").
  while (j > 0 && isName(tokens[j - 1]) && /^\.? $/.test(between(j - 1))) j--;
  if (j >= 1 && isName(tokens[j - 1]) && /^,\s+$/.test(between(j - 1))) return true;
  return (
    j >= 2 &&
    tokens[j - 1].key === "and" &&
    between(j - 1) === " " &&
    between(j - 2) === " " &&
    isName(tokens[j - 2])
  );
}

/**
 * The action a statement reports, as terms: its verbs (the word after an auxiliary, a modal or
 * "to": "will respond", "was not injured"; the first inflected word right after a name or a
 * noun: "Trump threatens", "executive sacked"; the plain word after a joint subject: "NASA, SpaceX
 * launch"). Another outlet reports the statement only when its own
 * text writes one of them, not merely the statement's names and topic words (issue 25: Reuters'
 * "EU to respond to any U.S. auto tariff move" was credited to outlets reporting Trump's threat).
 * Names are never actions; a statement in which none is found asks for none.
 */
export function actionTerms(statement: Statement): Set<string> {
  const tokens = tokenize(statement.text);
  const names = new Set(statement.names.flatMap((n) => n.families));
  const isName = (t: Token) => t.capitalised && (t.acronym || names.has(nameFamily(t.text, t.acronym)));
  const plain = (t: Token | undefined): t is Token =>
    t !== undefined && !isName(t) && isContentToken(t) && /^\p{L}+$/u.test(t.key);
  const out = new Set<string>();
  let inflected = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (VERB_OPENERS.has(t.key) && !t.capitalised) {
      let j = k + 1;
      while (j < tokens.length && (BEFORE_VERB.has(tokens[j].key) || /ly$/.test(tokens[j].key))) j++;
      if (plain(tokens[j])) out.add(termOf(tokens[j].key));
      continue;
    }
    const previous = tokens[k - 1];
    // A participle opening a clause after a comma is the clause's verb ("…, Launching New Era", "…, killing 20").
    if (
      previous &&
      plain(t) &&
      t.key.endsWith("ing") &&
      !ING_PREPOSITIONS.has(t.key) &&
      /^,\s+$/.test(statement.text.slice(previous.end, t.start))
    ) {
      out.add(termOf(t.key));
      continue;
    }
    // A joint subject takes the plain form ("NASA, SpaceX launch astronauts"): its first word is the verb.
    if (
      !inflected &&
      plain(t) &&
      !/ly$/.test(t.key) &&
      afterJointSubject(tokens, k, isName, statement.text)
    ) {
      inflected = true;
      out.add(termOf(t.key));
      continue;
    }
    // Only the first inflected word after a subject: later ones are as often plural nouns ("car tariffs").
    if (
      !inflected &&
      plain(t) &&
      INFLECTED.test(t.key) &&
      previous &&
      !previous.possessive &&
      (isName(previous) || (plain(previous) && !/(?:ed|ing)$/.test(previous.key))) &&
      /^\.? $/.test(statement.text.slice(previous.end, t.start))
    ) {
      inflected = true;
      out.add(termOf(t.key));
    }
  }
  return out;
}

/** What outlets say did not happen: each article's negated predicates, and the card's contradictions. */
export interface Disputes {
  negated: ReturnType<typeof negatedPredicates>;
  contradictions: Contradiction[];
}

/**
 * Whether a statement asks rather than states ("Kim Jong-un: Who might lead N Korea without
 * Kim?"): a question, in whole or in one of its sentences, reports no fact, so it is never quoted
 * as what outlets report (a quoted question inside it counts too: the passage still asks).
 */
export function asksQuestion(statement: Pick<Statement, "text">): boolean {
  return /\?["”’')]*(?:\s|$)/u.test(statement.text);
}

/** Each word of a statement (its `words`) weighs as its heaviest term: a name's words count double. */
function wordWeights(statement: Statement): number[] {
  return statement.words.map((w) => Math.max(...w.map((t) => statement.terms.get(t) ?? 0)));
}

/**
 * The weighted share of a statement a text holds when that is enough to report it, else null:
 * two fifths of its words, plain and weighted, and three or more of them; a statement of a few
 * words ("Europe's tariffs take effect") only whole, since any three of its four words are the
 * story's topic in every article. Counted by the words it writes, each in any of its forms: an
 * outlet writing "PM" holds "Prime Minister" whole (text/tokens.ts passageWords).
 */
function reportedShare(statement: Statement, weights: number[], vocabulary: Set<string>): number | null {
  const { words } = statement;
  let held = 0;
  let heldWeight = 0;
  let total = 0;
  for (let k = 0; k < words.length; k++) {
    total += weights[k];
    if (!words[k].some((t) => vocabulary.has(t))) continue;
    held++;
    heldWeight += weights[k];
  }
  const share = total ? heldWeight / total : 0;
  if (held < REPORTS_WORDS || share < SUPPORT_SHARE || held / words.length < REPORTS_SHARE) return null;
  if (words.length < SHORT_WORDS && held < words.length) return null;
  return share;
}

/** How strongly other outlets report a statement. */
function assess(
  statement: Statement,
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  disputes: Disputes,
): Candidate {
  const own = articles[statement.article].outlet.key;
  const weights = wordWeights(statement);
  const supporters: number[] = [];
  const partial = new Set<number>();
  let details: ReturnType<typeof detailsOf> | undefined;
  let negates: Set<string> | undefined;
  let actions: Set<string> | undefined;
  let plainTerms: string[] | undefined;
  let consequences: string[] | undefined;
  const shared = new Set<string>();
  let coverage = 0;
  const bestPerOutlet = new Map<string, number>();
  for (const a of articles) {
    if (a.outlet.key === own) continue;
    const vocabulary = vocabularies[a.index].terms;
    const share = reportedShare(statement, weights, vocabulary);
    if (share === null) continue;
    const held = [...statement.terms.keys()].filter((t) => vocabulary.has(t));
    const givesDetails = holdsDetails(statement, (details ??= detailsOf(statement)), vocabularies[a.index]);
    // Term by term: a supporter is credited with the quoted sentence only when it writes most of
    // it, not a compound's part ("Brexit" is not "Anti-Brexit protest"; decision 177).
    plainTerms ??= [...statement.terms.keys()].filter((t) => statement.terms.get(t)! < NAME_WEIGHT);
    const besidesHeld = plainTerms.filter((t) => vocabulary.has(t)).length;
    const besidesNames = plainTerms.length ? besidesHeld / plainTerms.length : 0;
    // Names and topic words are not the fact: an outlet whose text gives all the sentence's names
    // and figures must write what happened, or (telling it with another verb: "pours" and
    // "leaks") most of what the statement says besides names; one lacking a name or figure, a
    // third of it. A statement with no action found asks a third of its words besides names.
    actions ??= actionTerms(statement);
    const writesAction = [...actions].some((t) => vocabularies[a.index].terms.has(t));
    const enough = !actions.size
      ? besidesHeld > 0 && besidesNames >= PARTIAL_BESIDES_SHARE
      : writesAction || besidesNames >= (givesDetails ? BESIDES_NAMES_SHARE : PARTIAL_BESIDES_SHARE);
    if (!enough) continue;
    // It is credited with the quoted sentence only when it also holds most of the rest: "was
    // leaving the stage in Bulawayo when the explosion hit but was not injured" is not The
    // Guardian's, which writes "not injured following explosion at stadium". An outlet lacking a
    // detail or most of the rest is quoted in its own words instead, so it is cited for what it wrote.
    // A consequence it reports ("deadly", "arrested") is a detail too: an outlet that does not
    // write it is quoted in its own words, not credited with "Seriously Injured in Deadly Car Wreck".
    consequences ??= reportsConsequence(statement);
    const whole =
      givesDetails &&
      besidesNames >= BESIDES_NAMES_SHARE &&
      consequences.every((t) => vocabularies[a.index].terms.has(t));
    // Sharing the words is not reporting the fact: "was not arrested" is not reported by a text
    // that never negates an arrest, and an outlet never reports what it contradicts (decision 051).
    negates ??= negatedIn(statement);
    if (
      [...negates].some((t) => !disputes.negated[a.index].terms.has(t)) ||
      disputes.contradictions.some((c) => contests(c, own, a.outlet.key, statement.terms))
    )
      continue;
    supporters.push(a.index);
    if (!whole) partial.add(a.index);
    for (const t of held) shared.add(t);
    const credit = whole ? share : share * PARTIAL_SUPPORT;
    bestPerOutlet.set(a.outlet.key, Math.max(bestPerOutlet.get(a.outlet.key) ?? 0, credit));
  }
  for (const share of bestPerOutlet.values()) coverage += share;
  // More outlets first; then how much of the statement they hold and how much it says (a fuller
  // sentence states the fact better than a clipped headline); an incomplete passage reads worse.
  // A headline of three or four words matches the story's topic words in any article: it weighs less.
  const short = statement.words.length < SHORT_WORDS ? 0.5 : 0;
  const score =
    coverage +
    0.04 * Math.min(weightOf(statement.terms, shared), 14) -
    (statement.complete ? 0 : 0.3) -
    short;
  return { statement, supporters, partial, shared, score };
}

/** "All four outlets", "Both outlets", "Three of the five outlets". */
export function outletCount(reporting: number, total: number): string {
  if (reporting === total) return total === 2 ? "Both outlets" : `All ${countInWords(total)} outlets`;
  const n = countInWords(reporting);
  return `${n[0].toUpperCase()}${n.slice(1)} of the ${countInWords(total)} outlets`;
}

/**
 * The statement of an article that says most of another statement, in its own words: its
 * headline or lead sentence holding the greatest weight of the statement's terms, among those that
 * state something of it the points before have not said (`said`). A passage an earlier point
 * quotes is not quoted again: when only such a passage states something new, it is referred to
 * (quotedAbove), since a lesser passage in its place would not state the fact at all (issue 32:
 * the Daily Mail's "brought spaceflight back to US", quoted for the launch, is also its report of
 * the first launch from US soil in a decade; its headline, "successfully launch Falcon 9", is not).
 */
function ownWording(
  article: number,
  statement: Statement,
  statements: Statement[],
  quoted: Set<string>,
  said: Set<string>,
): { statement: Statement; quotedAbove: boolean } | undefined {
  let best: Statement | undefined;
  let bestWeight = 0;
  let bestNew = false;
  let above: Statement | undefined;
  let aboveWeight = 0;
  for (const s of statements) {
    // A question states nothing.
    if (s.article !== article || asksQuestion(s)) continue;
    const held = [...s.terms.keys()].filter((t) => statement.terms.has(t));
    const statesNew = held.some((t) => !said.has(t));
    const w = weightOf(statement.terms, held);
    if (alreadyQuoted(s.text, quoted)) {
      if (statesNew && w > aboveWeight) [above, aboveWeight] = [s, w];
      continue;
    }
    // A passage stating something new first; then the heavier; a shorter passage saying as much reads better.
    if (
      (statesNew && !bestNew) ||
      (statesNew === bestNew &&
        (w > bestWeight || (w === bestWeight && best && s.terms.size < best.terms.size)))
    ) {
      best = s;
      bestWeight = w;
      bestNew = statesNew;
    }
  }
  if (!bestNew && above) return { statement: above, quotedAbove: true };
  return best && { statement: best, quotedAbove: false };
}

/**
 * Every statement of the card and, for one that not every other outlet reports, each of its
 * clauses (the fact most outlets share may be one clause of it), assessed; those another outlet
 * reports, the widest reach first, then the strongest, then in article and reading order.
 */
async function rankedCandidates(
  statements: Statement[],
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  disputes: Disputes,
  budget: WorkBudget,
): Promise<Candidate[]> {
  const reach = (c: Candidate) => new Set(c.supporters.map((i) => articles[i].outlet.key)).size;
  const outletTotal = new Set(articles.map((a) => a.outlet.key)).size;
  const assessed: Candidate[] = [];
  for (const s of statements) {
    if (asksQuestion(s)) continue;
    // No clause is wider than a sentence every other outlet reports.
    const whole = assess(s, articles, vocabularies, disputes);
    assessed.push(whole);
    if (reach(whole) < outletTotal - 1)
      for (const c of s.clauses ?? [])
        if (!c.needsAction || actionTerms(c).size > 0)
          assessed.push(assess(c, articles, vocabularies, disputes));
    await budget.checkpoint();
  }
  return assessed
    .filter((c) => c.supporters.length > 0)
    .sort(
      (a, b) =>
        reach(b) - reach(a) ||
        b.score - a.score ||
        a.statement.article - b.statement.article ||
        a.statement.order - b.statement.order,
    );
}

/** What the points chosen so far have said: terms stated, passages quoted, articles quoted. */
interface Said {
  terms: Set<string>;
  texts: Set<string>;
  articles: Set<number>;
}

/**
 * Whether a candidate tells a fact the points so far have not: a passage is quoted once (not
 * again as a later point's statement, whole or in part), an article gives one point (its headline
 * and lead tell one fact twice), and a later point must state NEW_TERMS terms not stated yet, most
 * of its shared terms new. What the outlets agree did not happen ("was not injured") is a fact of
 * its own, however few words it adds: every supporter negates it too (assess), so it is new.
 */
function tellsSomethingNew(c: Candidate, said: Said, first: boolean): boolean {
  if (alreadyQuoted(c.statement.text, said.texts)) return false;
  const fresh = [...c.shared].filter((t) => !said.terms.has(t));
  const freshNegation = fresh.some((t) => negatedIn(c.statement).has(t));
  if (freshNegation) return true;
  if (said.articles.has(c.statement.article)) return false;
  return first || (fresh.length >= NEW_TERMS && 1 - fresh.length / c.shared.size <= RETOLD_SHARE);
}

/**
 * A later point as the outlets that report what it adds tell it: a supporter whose text holds
 * none of the statement's terms the earlier points have not said reports only what they said
 * (Al Jazeera's "Hezbollah member guilty in Rafik Hariri killing" does not report "… in a 2005
 * bombing" once the conviction is the first point), so it is neither counted nor cited.
 */
function reportingWhatItAdds(c: Candidate, vocabularies: ArticleVocabulary[], said: Said): Candidate {
  const added = [...c.statement.terms.keys()].filter((t) => !said.terms.has(t));
  const supporters = c.supporters.filter((i) => added.some((t) => vocabularies[i].terms.has(t)));
  if (supporters.length === c.supporters.length) return c;
  const shared = new Set<string>();
  for (const i of supporters)
    for (const t of c.statement.terms.keys()) if (vocabularies[i].terms.has(t)) shared.add(t);
  return { ...c, supporters, shared };
}

/** The supporters that report the fact with other details, each outlet once, in their own words (ownWording). */
function otherWordings(
  c: Candidate,
  articles: PreparedArticle[],
  statements: Statement[],
  quoted: Set<string>,
  said: Set<string>,
): { statement: Statement; quotedAbove: boolean }[] {
  const wordings: { statement: Statement; quotedAbove: boolean }[] = [];
  const worded = new Set<string>();
  for (const i of c.supporters) {
    const outlet = articles[i].outlet.key;
    if (!c.partial.has(i) || worded.has(outlet) || wordings.length >= MAX_OWN_WORDINGS) continue;
    const own = ownWording(i, c.statement, statements, quoted, said);
    if (!own) continue;
    worded.add(outlet);
    wordings.push(own);
  }
  return wordings;
}

/** The card's shared facts, the widest first (then the strongest) (each statement is compared with every article: the work yields between statements). */
export async function findCommonPoints(
  statements: Statement[],
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  budget: WorkBudget,
  disputes: Disputes = { negated: negatedPredicates(articles), contradictions: [] },
): Promise<SharedFact[]> {
  const outletTotal = new Set(articles.map((a) => a.outlet.key)).size;
  if (outletTotal < 2) return [];
  const candidates = await rankedCandidates(statements, articles, vocabularies, disputes, budget);
  const said: Said = { terms: new Set(), texts: new Set(), articles: new Set() };
  const points: SharedFact[] = [];
  for (const candidate of candidates) {
    if (points.length >= MAX_POINTS) break;
    const c = points.length ? reportingWhatItAdds(candidate, vocabularies, said) : candidate;
    if (!tellsSomethingNew(c, said, points.length === 0)) continue;
    const citations = [...new Set([c.statement.article, ...c.supporters])].sort((a, b) => a - b);
    const reporting = new Set(citations.map((i) => articles[i].outlet.key)).size;
    if (reporting < 2) continue;
    const wordings = otherWordings(c, articles, statements, said.texts, said.terms);
    // Every term it shares, and every term it states: a later point repeating the first in other words adds nothing.
    for (const t of c.statement.terms.keys()) said.terms.add(t);
    said.articles.add(c.statement.article);
    said.texts.add(c.statement.text);
    const fresh = wordings.filter((w) => !w.quotedAbove).map((w) => w.statement);
    for (const w of fresh) said.texts.add(w.text);
    const quoted = articles[c.statement.article].outlet.name;
    const own = (w: (typeof wordings)[number]) =>
      w.quotedAbove
        ? `${articles[w.statement.article].outlet.name} in the passage quoted above`
        : `${articles[w.statement.article].outlet.name}: “${w.statement.text}”`;
    const text = wordings.length
      ? `${outletCount(reporting, outletTotal)} report this, each with its own details; ${quoted}: “${c.statement.text}”; ` +
        wordings.map(own).join("; ")
      : `${outletCount(reporting, outletTotal)} report this; in the words of ${quoted}: “${c.statement.text}”`;
    points.push({
      text,
      citations,
      statement: c.statement,
      outlets: reporting,
      shared: c.shared,
      whole: !wordings.length,
      quotes: [c.statement.text, ...fresh.map((w) => w.text)],
    });
  }
  // The widest fact first: the one the most outlets report (a stable sort keeps the rank within a count).
  return points.sort((a, b) => b.outlets - a.outlets);
}
