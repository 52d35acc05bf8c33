/**
 * Contradictions between claims without figures: one outlet states plainly that something
 * happened ("The ministry banned the rallies"), another that it did not, or that it was denied
 * ("The ministry denied it had banned the rallies", "Keita was not arrested"). Both sentences are
 * set side by side and named as a contradiction ("The reports contradict each other: BBC News:
 * “…”; CNN: “…”"), and each counts against factualAccuracy as a conflicting figure does
 * (decision 036, decision 051).
 *
 * A false contradiction is the worst thing the analyzer could say, so the rule is narrow:
 * - the negated sentence carries a denial ("denied", "denies") or a negation on a verb ("did
 *   not", "was not", "hasn't been", "never") right before the predicate; a modal ("would not",
 *   "could not") or "not yet" is no such statement;
 * - the other outlet's sentence writes the same predicate (one term: lib/text/terms.ts folds
 *   "detained" onto "arrested") with no negation, denial or hedge anywhere in it ("alleged",
 *   "reportedly", "may", "plans", "to ban"), outside quotation marks;
 * - both speak of one subject: the negated clause's other content terms (two or more: the subject
 *   and what the predicate acts on) all occur in the other outlet's clause of that predicate, and
 *   that clause's names all occur in the negated sentence;
 * - neither outlet tells both sides itself: the plain outlet never negates the predicate nor
 *   mentions a denial, and the negating outlet never states the predicate plainly in its lead.
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { CALENDAR_WORDS, nameFamily } from "@/lib/text/terms";
import { CONTRACTED_NEGATIONS, NEGATORS } from "@/lib/text/words";
import { STOP_WORDS } from "../text/stop-words";
import { isContentToken, tokenize, tokenTerms, type Token } from "../text/tokens";
import type { PreparedArticle } from "./facts";
import type { Statement } from "./statements";

const MAX_CONTRADICTIONS = 2;
/** Negated statements examined, and plain statements compared with them, at most (a hostile card of denials costs a bounded amount). */
const MAX_NEGATED = 40;
const MAX_COMPARED = 2_000;
/** The negated clause's subject and object: at least this many distinct terms besides the predicate. */
const MIN_SHARED_TERMS = 2;
/**
 * Words opening a phrase that only adds to the predicate ("arrested by the mutineers", "banned
 * on Friday"): past one, the plain clause may say what the negated sentence does not.
 */
const ADDING_PHRASE = new Set(
  "by in on at from during near after before over under into for with amid across through since until".split(
    " ",
  ),
);

/** Auxiliaries a negation may follow for a statement of fact ("did not", "was not"): no modals. */
const FACT_AUXILIARIES = new Set("did does do was were is are has have had".split(" "));
/** Their contracted negations ("didn't", "wasn't"). */
const CONTRACTED = new Set(
  CONTRACTED_NEGATIONS.filter((w) => FACT_AUXILIARIES.has(w.slice(0, -"n't".length))),
);
const DENIALS = new Set("deny denies denied denying".split(" "));
/** Words between a denial and its verb ("denied that it had banned", "denied reports it had banned", "denied being arrested"). */
const AFTER_DENIAL = new Set(
  "that it he she they we i had has have was were is are been being having ever claims reports allegations".split(
    " ",
  ),
);
/** At most this many of them. */
const MAX_AFTER_DENIAL = 4;
/** Auxiliaries that make the next word a participle ("denied it had banned"). */
const PARTICIPLE_AUXILIARIES = new Set("had has have was were is are been being having".split(" "));
/** Words between a negation and its verb ("has not been charged"). */
const AFTER_NEGATION = new Set(["been", "be", "being", "ever"]);
/**
 * Any of these in a sentence: it is no plain statement that something happened. The negators
 * (lib/text/words.ts), denials, refusals and "none", "nothing". The tone reader keeps to the
 * negators: a word after "refused" keeps its tone score there (decision 150).
 */
const NEGATIVE = new Set([
  ...NEGATORS,
  ...DENIALS,
  ..."none nobody nothing denial denials refused refuses refuse rejected rejects dismissed false failed unable".split(
    " ",
  ),
]);
/** Words that report a claim, a possibility or an intention rather than a fact. */
const HEDGES = new Set(
  (
    "alleged allegedly allegation allegations accused accuses accusing accusation accusations claim claims claimed " +
    "claiming reportedly rumour rumours rumor rumors rumoured rumored suspected unconfirmed may might could would " +
    "should will shall if whether possible possibly likely unlikely unclear plan plans planned planning threaten " +
    "threatens threatened considering consider considers expected expects seek seeks sought urged urges calls called"
  ).split(" "),
);
/** Words that make a negation partial ("did not ban all rallies", "was not fully closed"): no denial of the act. */
const PARTIAL = new Set("all every entirely fully completely wholly totally only just always".split(" "));
/**
 * Words after a negation that limit it in time or extent, so the act may still have happened
 * ("did not ban the rallies until Friday", "did not arrest anyone else", "except").
 */
const LIMITING = new Set(
  "until till before again initially immediately yet longer anymore else other more further another except besides beyond".split(
    " ",
  ),
);
/** Words that make a negation no statement of fact: a condition or a possibility ("if it did not ban"). */
const CONDITIONS = new Set(
  "may might could would should will shall if whether possibly unclear unconfirmed".split(" "),
);
/** Words that open another clause: a subject and its predicate are looked for within one. */
const CLAUSE_WORDS = new Set(
  "but while although though after before because as when and or which who whom whose whereas since until despite said says saying told".split(
    " ",
  ),
);
/** Punctuation between two words that separates clauses. */
const CLAUSE_MARK = /[,;:—–()"“”?!]|\s-\s/;

export interface Contradiction extends CitedPoint {
  /** The predicate as the negated sentence writes it ("banned"), for the accuracy method line. */
  predicate: string;
  /** The contested predicate's term ("ban"). */
  term: string;
  /** The outlet stating it plainly and the outlet negating it (outlet keys). */
  outlets: [string, string];
  /** A sentence of the summary, quoting no passage: "BBC News reports “banned”, which CNN reports was denied." */
  brief: string;
}

interface Negation {
  /** Index of the predicate token. */
  at: number;
  /** Index of the first cue token ("denied", "did"). */
  cue: number;
  term: string;
  denial: boolean;
  /**
   * A headline's negation without its auxiliary ("Emmerson Mnangagwa not injured"): read as a
   * negation when outlets are compared for what they report, never as one side of a contradiction.
   */
  elliptical: boolean;
}

/** A statement as this module reads it: its tokens, and where it writes each term as a plain word. */
interface Read {
  statement: Statement;
  tokens: Token[];
  /** Term → positions of the lowercase words writing it. */
  words: Map<string, number[]>;
  /** Every content term it writes. */
  terms: Set<string>;
}

/** A negated statement's name families, for what a plain clause may speak of. */
interface Negated extends Read {
  families: Set<string>;
}

/** A text without any of these has no negation nor denial (a quick test before reading its words). */
const CUE = /\b(?:not|never|deny|denies|denied|denying|denial)\b|n['’]t\b/i;

const plainWord = (t: Token) => !t.capitalised && /^\p{L}+$/u.test(t.key) && isContentToken(t);
const termOfToken = (t: Token) => tokenTerms(t)[0];

/** The negations of a sentence's tokens: a denial or a negated auxiliary, then the predicate it governs. */
export function negationsIn(tokens: Token[]): Negation[] {
  const out: Negation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const key = tokens[i].key;
    let j = -1;
    let denial = false;
    let participle = false;
    let elliptical = false;
    if (DENIALS.has(key)) {
      denial = true;
      j = i + 1;
      for (
        let skipped = 0;
        j < tokens.length && skipped < MAX_AFTER_DENIAL && AFTER_DENIAL.has(tokens[j].key);
        skipped++, j++
      )
        if (PARTICIPLE_AUXILIARIES.has(tokens[j].key)) participle = true;
    } else if (
      CONTRACTED.has(key) ||
      (key === "not" && i > 0 && FACT_AUXILIARIES.has(tokens[i - 1].key)) ||
      (key === "never" && !(i > 0 && HEDGES.has(tokens[i - 1].key)))
    ) {
      j = i + 1;
      while (j < tokens.length && AFTER_NEGATION.has(tokens[j].key)) j++;
      participle = true;
    } else if (key === "not" && i > 0 && headlineSubject(tokens[i - 1]) && participleAt(tokens, i + 1)) {
      // "Mnangagwa not injured": a headline drops the auxiliary.
      j = i + 1;
      participle = true;
      elliptical = true;
    }
    if (j < 0 || j >= tokens.length) continue;
    const predicate = tokens[j];
    // "denied the charges" is a plea, not a denial that something happened: after a denial the
    // predicate is a verb (a gerund, or a participle after "had", "was" …).
    if (denial && !participle && !/ing$/.test(predicate.key)) continue;
    if (!plainWord(predicate) || NEGATIVE.has(predicate.key) || HEDGES.has(predicate.key)) continue;
    out.push({
      at: j,
      cue: key === "not" && !elliptical ? i - 1 : i,
      term: termOfToken(predicate),
      denial,
      elliptical,
    });
  }
  return out;
}

/** Past participles that do not end in "-ed" or "-en", as headlines write them ("not hurt"). */
const IRREGULAR_PARTICIPLES = new Set("hurt hit shot held found caught cut struck".split(" "));

/** Whether the token at `k` is a past participle ("injured", "taken", "hurt"). */
function participleAt(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  return t !== undefined && !t.capitalised && (/(?:ed|en)$/.test(t.key) || IRREGULAR_PARTICIPLES.has(t.key));
}

/** A word a headline's elliptical negation may follow: the subject's last word, not a function word or a modal ("Mnangagwa not injured"). */
function headlineSubject(t: Token): boolean {
  return isContentToken(t) && !HEDGES.has(t.key) && !NEGATIVE.has(t.key);
}

/** The token range [from, to) of the clause holding tokens first..last. */
function clauseOf(text: string, tokens: Token[], first: number, last: number): [number, number] {
  let from = first;
  while (
    from > 0 &&
    !CLAUSE_WORDS.has(tokens[from - 1].key) &&
    !CLAUSE_MARK.test(text.slice(tokens[from - 1].end, tokens[from].start))
  )
    from--;
  let to = last + 1;
  while (
    to < tokens.length &&
    !CLAUSE_WORDS.has(tokens[to].key) &&
    !CLAUSE_MARK.test(text.slice(tokens[to - 1].end, tokens[to].start))
  )
    to++;
  return [from, to];
}

/** The content terms of tokens from..to, leaving out the ones at `skip`. */
function termsOfRange(tokens: Token[], from: number, to: number, skip: (k: number) => boolean): Set<string> {
  const out = new Set<string>();
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (skip(k) || !isContentToken(t)) continue;
    for (const term of tokenTerms(t)) if (!STOP_WORDS.has(term)) out.add(term);
  }
  return out;
}

/** Whether position `at` of a text lies inside quotation marks. */
function quotedAt(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const curly = (before.match(/“/g)?.length ?? 0) > (before.match(/”/g)?.length ?? 0);
  return curly || (before.match(/"/g)?.length ?? 0) % 2 === 1;
}

/** A sentence that states something happened: no negation, denial or hedge in it, no question. */
function plainSentence(r: Read): boolean {
  return !/\?/.test(r.statement.text) && !r.tokens.some((t) => NEGATIVE.has(t.key) || HEDGES.has(t.key));
}

/**
 * Where a plain sentence states the predicate of a negation about the same subject: the index
 * of the predicate's token, or -1.
 */
function plainClaimOf(plain: Read, negated: Negated, negation: Negation, core: Set<string>): number {
  const tokens = plain.tokens;
  for (const c of core) if (!plain.terms.has(c)) return -1;
  for (const k of plain.words.get(negation.term) ?? []) {
    const t = tokens[k];
    // "moved to ban": an intention, not the act.
    if (k > 0 && tokens[k - 1].key === "to") continue;
    const [from, to] = clauseOf(plain.statement.text, tokens, k, k);
    const clause = termsOfRange(tokens, from, to, (x) => x === k);
    if (![...core].every((c) => clause.has(c)) || quotedAt(plain.statement.text, t.start)) continue;
    // The plain clause speaks of nothing the negated sentence leaves out: its names all there (a
    // day is no name: "on Friday"); and its subject and object, up to a phrase that only adds to
    // the predicate, all there too ("Ruiz's brother was arrested" is not "Ruiz was not arrested").
    const names = tokens
      .slice(from, to)
      .filter((n, x) => n.capitalised && from + x > 0 && isContentToken(n) && !CALENDAR_WORDS.has(n.key))
      .map((n) => nameFamily(n.text, n.acronym));
    if (!names.every((f) => negated.families.has(f))) continue;
    let objectEnd = k + 1;
    while (objectEnd < to && !ADDING_PHRASE.has(tokens[objectEnd].key)) objectEnd++;
    const said = termsOfRange(tokens, from, objectEnd, (x) => x === k || CALENDAR_WORDS.has(tokens[x].key));
    if (![...said].every((c) => negated.terms.has(c))) continue;
    // A number anywhere in it (a year, a count) the negated sentence gives too: "arrested in 2015"
    // is no answer to "has never been arrested".
    const numbers = tokens.slice(from, to).filter((n) => /\d/.test(n.key));
    if (!numbers.every((n) => negated.terms.has(termOfToken(n)))) continue;
    return k;
  }
  return -1;
}

function readOf(statement: Statement): Read {
  const tokens = tokenize(statement.text);
  const words = new Map<string, number[]>();
  tokens.forEach((t, k) => {
    if (!plainWord(t)) return;
    const term = termOfToken(t);
    const at = words.get(term);
    if (at) at.push(k);
    else words.set(term, [k]);
  });
  return { statement, tokens, words, terms: termsOfRange(tokens, 0, tokens.length, () => false) };
}

function negatedOf(read: Read): Negated {
  return {
    ...read,
    families: new Set(read.tokens.map((n) => nameFamily(n.text, n.acronym))),
  };
}

/** The predicates each article negates or denies anywhere in the text read (by article index), and whether it reports a denial. */
export function negatedPredicates(articles: PreparedArticle[]): { terms: Set<string>; denial: boolean }[] {
  return articles.map((a) => {
    const terms = new Set<string>();
    let denial = false;
    for (const s of a.sentences) {
      if (!CUE.test(s.text)) continue;
      for (const n of negationsIn(s.tokens)) terms.add(n.term);
      if (!denial) denial = s.tokens.some((t) => DENIALS.has(t.key) || t.key === "denial");
    }
    return { terms, denial };
  });
}

/** The terms a statement's own text negates or denies ("was not arrested": "arrest"). */
export function negatedIn(statement: Statement): Set<string> {
  if (!CUE.test(statement.text)) return new Set();
  return new Set(negationsIn(tokenize(statement.text)).map((n) => n.term));
}

/**
 * A statement of one outlet is not reported by an outlet that contradicts it (lib/analysis/local/common-points.ts):
 * the two outlets and the contested predicate.
 */
export function contests(
  c: Contradiction,
  outletA: string,
  outletB: string,
  terms: Map<string, number>,
): boolean {
  return (
    terms.has(c.term) &&
    ((c.outlets[0] === outletA && c.outlets[1] === outletB) ||
      (c.outlets[0] === outletB && c.outlets[1] === outletA))
  );
}

/** Per outlet, over every sentence read: the predicates it negates, and whether it reports a denial. */
function negationsByOutlet(
  articles: PreparedArticle[],
  negated: ReturnType<typeof negatedPredicates>,
): { negatedBy: Map<string, Set<string>>; deniesAnything: Set<string> } {
  const negatedBy = new Map<string, Set<string>>();
  const deniesAnything = new Set<string>();
  for (const a of articles) {
    const set = negatedBy.get(a.outlet.key) ?? new Set<string>();
    negatedBy.set(a.outlet.key, set);
    for (const t of negated[a.index].terms) set.add(t);
    if (negated[a.index].denial) deniesAnything.add(a.outlet.key);
  }
  return { negatedBy, deniesAnything };
}

/** The plain sentences (plainSentence) writing a term some sentence negates, by each term they write. */
function plainReadsByTerm(statements: Statement[], negatedTerms: Set<string>): Map<string, Read[]> {
  const plainBy = new Map<string, Read[]>();
  for (const s of statements) {
    if (![...s.terms.keys()].some((t) => negatedTerms.has(t))) continue;
    const r = readOf(s);
    if (!plainSentence(r)) continue;
    for (const term of r.words.keys()) plainBy.set(term, [...(plainBy.get(term) ?? []), r]);
  }
  return plainBy;
}

/**
 * The subject and object of a negation (its clause's content terms besides the predicate), when
 * it is one a contradiction may rest on: not a headline's negation without its auxiliary (too
 * loose), the predicate once in the sentence ("was not arrested but detained" says both), at least
 * MIN_SHARED_TERMS terms, nothing partial in the clause nor limiting after the negation; else null.
 */
function contestedCore(negated: Negated, negation: Negation): Set<string> | null {
  if (negation.elliptical) return null;
  if (negated.words.get(negation.term)?.length !== 1) return null;
  const [from, to] = clauseOf(negated.statement.text, negated.tokens, negation.cue, negation.at);
  const core = termsOfRange(negated.tokens, from, to, (k) => k >= negation.cue && k <= negation.at);
  core.delete(negation.term);
  if (core.size < MIN_SHARED_TERMS) return null;
  if (negated.tokens.slice(from, to).some((t) => PARTIAL.has(t.key))) return null;
  if (negated.tokens.slice(negation.cue).some((t) => LIMITING.has(t.key))) return null;
  return core;
}

/** The contradiction between a plain sentence (its predicate at token `at`) and a negated one, in the analysis's words. */
function contradictionOf(
  articles: PreparedArticle[],
  plain: Read,
  at: number,
  negated: Negated,
  negation: Negation,
  outlets: [string, string],
): Contradiction {
  const name = (r: Read) => articles[r.statement.article].outlet.name;
  const word = plain.tokens[at].text;
  return {
    text: `The reports contradict each other: ${name(plain)}: “${plain.statement.text}”; ${name(negated)}: “${negated.statement.text}”`,
    citations: [plain.statement.article, negated.statement.article],
    predicate: negated.tokens[negation.at].text.toLowerCase(),
    term: negation.term,
    outlets,
    brief: `The reports contradict each other: ${name(plain)} reports “${word}”, which ${name(negated)} reports ${negation.denial ? "was denied" : "did not happen"}.`,
  };
}

/** The card's contradictions between outlets' claims, at most two. */
export function findContradictions(
  statements: Statement[],
  articles: PreparedArticle[],
  negated: ReturnType<typeof negatedPredicates> = negatedPredicates(articles),
): Contradiction[] {
  const outletOf = (s: Statement) => articles[s.article].outlet.key;
  if (new Set(articles.map((a) => a.outlet.key)).size < 2) return [];
  const { negatedBy, deniesAnything } = negationsByOutlet(articles, negated);
  // Only statements with a negation, and plain statements writing a term one negates, are read.
  const reads = statements.filter((s) => CUE.test(s.text)).map(readOf);
  const negatedTerms = new Set(reads.flatMap((r) => negationsIn(r.tokens).map((n) => n.term)));
  if (!negatedTerms.size) return [];
  const plainBy = plainReadsByTerm(statements, negatedTerms);
  const out: Contradiction[] = [];
  const paired = new Set<string>();
  let examined = 0;
  let compared = 0;
  const claimOf = (p: Read, negated: Negated, negation: Negation, core: Set<string>) =>
    ++compared > MAX_COMPARED ? -1 : plainClaimOf(p, negated, negation, core);
  for (const read of reads) {
    if (out.length >= MAX_CONTRADICTIONS || examined >= MAX_NEGATED || compared >= MAX_COMPARED) break;
    const negations = negationsIn(read.tokens);
    if (!negations.length) continue;
    examined++;
    if (/\?/.test(read.statement.text) || read.tokens.some((t) => CONDITIONS.has(t.key))) continue;
    const negated = negatedOf(read);
    const mine = outletOf(negated.statement);
    for (const negation of negations) {
      const core = contestedCore(negated, negation);
      if (!core) continue;
      // The negating outlet does not itself state it plainly in its lead.
      const plain = plainBy.get(negation.term) ?? [];
      if (plain.some((p) => outletOf(p.statement) === mine && claimOf(p, negated, negation, core) >= 0))
        continue;
      for (const p of plain) {
        const theirs = outletOf(p.statement);
        if (theirs === mine || paired.has(`${theirs} ${mine} ${negation.term}`)) continue;
        // The plain outlet never tells the other side itself.
        if (negatedBy.get(theirs)?.has(negation.term) || (negation.denial && deniesAnything.has(theirs)))
          continue;
        const at = claimOf(p, negated, negation, core);
        if (at < 0) continue;
        paired.add(`${theirs} ${mine} ${negation.term}`);
        out.push(contradictionOf(articles, p, at, negated, negation, [theirs, mine]));
        break;
      }
      if (out.length >= MAX_CONTRADICTIONS) break;
    }
  }
  return out;
}
