/**
 * Statements: the sentences a reader would quote from an article, each with what it says in
 * comparable form. An article's headline is one statement; then the first sentences of its
 * summary and content (the lead, where outlets state what happened and what they lead with).
 * Feed artefacts are trimmed off (datelines such as "LONDON (Reuters) -", column bylines such
 * as "DAN HODGES:", "Continue reading"), leaving a passage the article contains word for word.
 * Each statement carries its terms (case-folded, stemmed, demonyms folded), the names it writes
 * (statement-names.ts), its figures (statement-figures.ts) and its quotations, and, for a sentence
 * of several clauses, each clause as a statement of its own (issue 32).
 */
import { findQuotes } from "../text/quotes";
import { STOP_WORDS } from "../text/stop-words";
import {
  distinctWords,
  isContentToken,
  passageWords,
  phraseTerms,
  RETURN_TERM,
  returnAfterGap,
  tokenTerms,
  type Token,
} from "../text/tokens";
import { clip } from "../text/writing";
import { nameFamily, termOf, WEEKDAYS } from "@/lib/text/terms";
import type { PreparedArticle, PreparedSentence } from "./facts";
import { figuresOf, readWithMagnitude, type Figure } from "./statement-figures";
import { namesOf, type NameMention } from "./statement-names";

/** Body sentences read per article: the lead. */
const LEAD_SENTENCES = 8;
/** The longest statement quoted whole; longer ones are cut at a word boundary. */
const MAX_STATEMENT_CHARS = 260;

export interface Statement {
  article: number;
  /** 0 for the headline, then the lead's sentences in order. */
  order: number;
  headline: boolean;
  /** The passage as the article writes it (trimmed of feed artefacts; "…" where it was cut). */
  text: string;
  complete: boolean;
  /** Content terms → weight (names and figures weigh more than ordinary words). */
  terms: Map<string, number>;
  /**
   * The words it writes, each as its terms (text/tokens.ts passageWords): how much of it another
   * text holds is counted by words, each weighing as its heaviest term.
   */
  words: string[][];
  names: NameMention[];
  figures: Figure[];
  quotes: string[];
  /**
   * The sentence's clauses, each a statement of its own (issue 32: the fact most outlets share is
   * often one clause of a longer sentence, "…as rumours swirl over Kim Jong-un's health"): only for
   * a passage of one sentence with two or more clauses of CLAUSE_TERMS terms or more.
   */
  clauses?: Statement[];
  /**
   * A clause that opens its sentence and ends at a comma or a dash: it may be a subject without
   * its predicate ("President Tayyip Erdogan and his main challenger, …"), so it is a statement
   * only when it writes an action (common-points.ts actionTerms).
   */
  needsAction?: boolean;
}

/** Words around "as" that make it a comparison, not a clause's opening ("as many as 20,000", "such as"). */
const COMPARING_AS = "many|much|well|soon|long|far|few|little|such|same";
/** Conjunctions that open a clause with its own subject and verb ("as rumours swirl", "while talks go on"). */
const CONJUNCTIONS = `(?<!\\b(?:${COMPARING_AS})\\s)as(?!\\s(?:${COMPARING_AS})\\s)|while|but|because|although|though|when`;
/** Words that open a clause or a phrase of its own ("… amid death rumours", "… after the vote"). */
const CLAUSE_OPENERS = `${CONJUNCTIONS}|after|amid|since|before|despite|following`;
/**
 * Where a sentence's clauses part: after ",", ";", ":" or a dash, or before a word opening a
 * clause (CLAUSE_OPENERS). A clause after a comma or a dash is most often a predicate without its
 * subject ("…, seriously injured in car crash") or an adjunct of the clause before ("…, after a
 * request by the department"): it is no statement of its own; one opened by such a word, one
 * opened by a conjunction after a comma too ("…, as rumours swirl over Kim Jong-un's health"),
 * one after ";", or one after a headline's label ("Coronavirus: …") is.
 */
const CLAUSE_PARTS = new RegExp(`(?:[,;:]|\\s[—–-])\\s+|\\s(?=(?:${CLAUSE_OPENERS})\\s)`, "g");
/** A clause opened by one of CONJUNCTIONS. */
const CONJOINED_CLAUSE = new RegExp(`^(?:${CONJUNCTIONS})\\s`);
/** A label before a colon has at most this many words ("Climate change: …"). */
const LABEL_WORDS = 4;
/** A clause is a statement of its own with this many content terms or more. */
const CLAUSE_TERMS = 4;

// "LONDON (Reuters) - ", "June 22 (UPI) -- ", "WASHINGTON (AP) — ".
const DATELINE =
  /^(?:[\p{Lu}][\p{Lu}\p{L}.' ,]*?\s)?\((?:Reuters|AP|AFP|UPI|CNN|Bloomberg|CNBC)\)\s*(?:-{1,2}|–|—)\s*/u;
// "DAN HODGES: ", "PETER HITCHENS: " (a column's byline in capitals).
const COLUMN_BYLINE = /^\p{Lu}[\p{Lu}'’. -]{3,}:\s+/u;
const BY_LINE = /^By \p{Lu}\p{L}+(?: \p{Lu}\p{L}+){0,2}\s*[-–—|:]\s*/u;
const BOILERPLATE = /\s*(?:Continue reading\.*|Click to Continue|Read more\.*|Watch the video\.*)\s*$/i;

/** Words of consequence: a statement reporting one adds more than one that does not. */
const CONSEQUENCES = new Set(
  (
    "dead deadly death deaths died dies kill killed killing injured injuries hurt wounded arrested arrests charged sentenced convicted " +
    "resigned resigns fired sacked ousted banned suspended suspends evacuated destroyed collapsed closed cancelled canceled " +
    "postponed delayed approved rejected blocked sanctions threatens threatened warned warns recalled"
  ).split(" "),
);

/**
 * The trimmed passage of a sentence: its offset within the sentence and its text. A headline of
 * several sentences is trimmed at its start and its end only, so the passage stays one piece of
 * the article ("! (Reuters) - Storm" is not "! Storm").
 */
function trimmed(sentence: PreparedSentence, first: boolean, last: boolean): { from: number; text: string } {
  let text = sentence.text;
  let from = 0;
  for (const re of first ? [DATELINE, COLUMN_BYLINE, BY_LINE] : []) {
    const m = re.exec(text);
    if (m && m[0].length < text.length) {
      from += m[0].length;
      text = text.slice(m[0].length);
    }
  }
  if (!last) return { from, text };
  // "… on Friday night.Arrington's campaign …": a feed lost the space; the sentence ends at the dot.
  const runOn = /\p{Ll}{2}[.!?](?=\p{Lu}\p{Ll})/u.exec(text);
  if (runOn) text = text.slice(0, runOn.index + 3);
  return { from, text: text.replace(BOILERPLATE, "") };
}

/**
 * The terms of a passage (as text/tokens.ts contentTerms reads them, and a return after a gap),
 * weighted: names 2, other words 1, weekdays ½; and its words, each as its terms.
 */
function termsOf(
  tokens: Token[],
  from: number,
  to: number,
  names: NameMention[],
): { terms: Map<string, number>; words: string[][] } {
  const terms = new Map<string, number>();
  const nameTerms = new Set(names.flatMap((n) => n.families));
  for (const t of tokens) {
    if (t.start >= to) break;
    if (t.start < from || !isContentToken(t)) continue;
    const weight = WEEKDAYS.has(t.key)
      ? 0.5
      : nameTerms.has(nameFamily(t.text, t.acronym)) && t.capitalised
        ? 2
        : 1;
    for (const term of tokenTerms(t))
      if (!STOP_WORDS.has(term)) terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  }
  // "Group of Seven" also says "G7", "United Kingdom" "UK"; written as a name, its words weigh as one.
  for (const { term, words } of phraseTerms(tokens, from, to)) {
    const weight = words[0].capitalised ? 2 : 1;
    for (const w of [term, ...words.filter(isContentToken).flatMap(tokenTerms)])
      if (!STOP_WORDS.has(w)) terms.set(w, Math.max(terms.get(w) ?? 0, weight));
  }
  const words = passageWords(tokens, from, to);
  // "the first … since 2011", "back to US": a return after a gap (text/tokens.ts returnAfterGap).
  if (returnAfterGap(tokens, from, to)) {
    terms.set(RETURN_TERM, Math.max(terms.get(RETURN_TERM) ?? 0, 1));
    words.push([RETURN_TERM]);
  }
  return { terms, words };
}

/**
 * The passage a statement shows, at most MAX_STATEMENT_CHARS long. Quoted inside the analyzer's own
 * “…”, its curly double quotes read as straight ones (the same text to the grounding check, which
 * compares quotation marks folded), so quotations do not nest. A passage the feed cut mid-sentence
 * is cut back to its last whole clause.
 */
function shownPassage(raw: string, complete: boolean): string {
  const cutByFeed = !complete && raw.length > 40 && !/[.!?]["”’)]?$/.test(raw);
  return (
    cutByFeed
      ? clip(raw.replace(/(?:\.{3}|…)$/, ""), Math.min(MAX_STATEMENT_CHARS, raw.length - 4))
      : clip(raw, MAX_STATEMENT_CHARS) + (complete || raw.length > MAX_STATEMENT_CHARS ? "" : "…")
  ).replace(/[“”]/g, '"');
}

/** The statements of one article: its headline, then its lead. */
export function statementsOf(
  article: PreparedArticle,
  cardNames: Map<string, string>,
  lowercase: Set<string>,
  outlets: Set<string>,
): Statement[] {
  const out: Statement[] = [];
  // The article's last vague magnitude, which a bare count after it may read more closely.
  const magnitude: { vague?: Figure } = {};
  const title = article.sentences.filter((s) => s.title);
  const body = article.sentences.filter((s) => !s.title).slice(0, LEAD_SENTENCES);
  const pieces: { sentences: PreparedSentence[]; headline: boolean }[] = [];
  if (title.length) pieces.push({ sentences: title, headline: true });
  for (const s of body) pieces.push({ sentences: [s], headline: false });
  for (const piece of pieces) {
    const parts = piece.sentences.map((s, k, all) => ({ s, ...trimmed(s, k === 0, k === all.length - 1) }));
    const raw = parts
      .map((p) => p.text)
      .join(" ")
      .trim();
    if (raw.split(/\s+/).length < 3) continue;
    const complete = piece.sentences.every((s) => s.complete);
    const text = shownPassage(raw, complete);
    // Only what the statement shows counts: a sentence cut for display says no more than its cut
    // (and a sentence of thousands of words costs no more than one of fifty).
    const to = (p: (typeof parts)[number]) => p.from + MAX_STATEMENT_CHARS;
    const names = parts.flatMap((p) => namesOf(p.s, p.from, to(p), cardNames, lowercase, outlets));
    const figures = parts.flatMap((p) => figuresOf(article, p.s, p.from, to(p), cardNames));
    readWithMagnitude(figures, magnitude);
    const terms = new Map<string, number>();
    const words: string[][] = [];
    for (const p of parts) {
      const read = termsOf(p.s.tokens, p.from, to(p), names);
      for (const [t, w] of read.terms) terms.set(t, Math.max(terms.get(t) ?? 0, w));
      words.push(...read.words);
    }
    const distinct = distinctWords(words);
    const quotes = findQuotes(text).map((q) => q.text);
    const statement: Statement = {
      article: article.index,
      order: out.length,
      headline: piece.headline,
      text,
      complete,
      terms,
      words: distinct,
      names,
      figures,
      quotes,
    };
    if (parts.length === 1 && raw.length <= MAX_STATEMENT_CHARS) {
      const clauses = clausesOf(statement, parts[0], (from, to) =>
        namesOf(parts[0].s, from, to, cardNames, lowercase, outlets),
      );
      if (clauses.length >= 2) statement.clauses = clauses;
    }
    out.push(statement);
  }
  return out;
}

/**
 * The clauses of a one-sentence statement, each with its own terms and names (read from the
 * sentence between the clause's ends); the quoted text marks a cut with "…" ("…as rumours
 * swirl over Kim Jong-un's health."). Clauses of fewer than CLAUSE_TERMS terms, or of names alone,
 * are no statements.
 */
function clausesOf(
  statement: Statement,
  part: { s: PreparedSentence; from: number; text: string },
  namesBetween: (from: number, to: number) => NameMention[],
): Statement[] {
  const out: Statement[] = [];
  const text = part.text;
  // Each clause's ends, and whether it can stand as a statement (the first does; see CLAUSE_PARTS).
  const ends: [number, number, boolean][] = [];
  let start = 0;
  let stands = true;
  let openingMark = "";
  for (const m of text.matchAll(CLAUSE_PARTS)) {
    if (!ends.length) openingMark = m[0].trim();
    ends.push([start, m.index, stands]);
    const mark = m[0].trim();
    stands =
      mark === "" ||
      mark === ";" ||
      CONJOINED_CLAUSE.test(text.slice(m.index + m[0].length)) ||
      (mark === ":" && text.slice(0, m.index).split(/\s+/).length <= LABEL_WORDS && ends.length === 1);
    start = m.index + m[0].length;
  }
  ends.push([start, text.length, stands]);
  if (ends.length < 2) return out;
  for (const [a, b, standing] of ends) {
    if (!standing) continue;
    const from = part.from + a;
    const to = part.from + b;
    const names = namesBetween(from, to);
    const { terms, words } = termsOf(part.s.tokens, from, to, names);
    const plain = [...terms.values()].filter((w) => w < 2).length;
    if (terms.size < CLAUSE_TERMS || !plain) continue;
    const clause = text
      .slice(a, b)
      .replace(/[,;:]$/, "")
      .trim();
    const shown = `${a > 0 ? "…" : ""}${clause}${b < text.length && !/[.!?]$/.test(clause) ? "…" : ""}`;
    out.push({
      ...statement,
      text: shown.replace(/[“”]/g, '"'),
      terms,
      words,
      names,
      // A clause is compared as a shared fact only: its figures are the sentence's business.
      figures: [],
      quotes: findQuotes(clause).map((q) => q.text),
      clauses: undefined,
      needsAction: a === 0 && /^(?:,|[—–-])$/.test(openingMark),
    });
  }
  return out;
}

/** The consequences a statement reports (a death, an arrest, a ban …), as terms. */
export function reportsConsequence(statement: Statement): string[] {
  return statement.text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => CONSEQUENCES.has(w))
    .map((w) => termOf(w));
}
