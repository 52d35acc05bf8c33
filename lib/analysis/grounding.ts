/**
 * The grounding checker every answer goes through, whichever provider wrote it. It removes what
 * the articles do not support and keeps what they do, descriptions and paraphrase included
 * (docs/decisions/030-analysis-providers.md, 131-grounding-reads-what-articles-support.md):
 * - a quotation not found verbatim in a cited article (typography, "Jan." for "January" and
 *   "U.S." for "US" aside), a name or figure in none of the cited articles, and a statement
 *   that makes no checkable claim and shares under half its words with them: dropped;
 * - a part of a statement that names outlets ("CNN gives 250 evacuated") must hold in an
 *   article of each outlet named; otherwise the statement is dropped;
 * - a cited article of an outlet the statement does not name must hold the statement's figures
 *   and quotations (or report the quoted sentence in its own words) and half its names;
 *   otherwise the citation is removed; a common point or a conflict keeps two outlets or goes;
 * - an "only" or "alone" claim is dropped when another outlet's article holds what it says.
 * Free texts (summary, bias, tone) lose the sentences that fail the same tests against every
 * article. Names are compared by family ("Haitian" and "Haitians", "Israeli" and "Israel's"),
 * words as terms (stemmed, demonyms and synonyms folded), counts in digits or words, and an
 * article's publication date counts as part of it. An article's text here is its source name,
 * title and the text its answer's author read of it: what a model was sent, or what the built-in
 * analyzer reads (evidenceText). It yields to the event loop between articles and points, so a
 * long card does not hold up other requests (lib/analysis/work-budget.ts).
 */

import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import {
  affirmedText,
  attributions,
  claimsOf,
  exclusiveClaim,
  familySequence,
  hasDetails,
  nameParts,
  outletNamesOf,
  spellingOf,
  statementSentences,
  type Claims,
  type NameClaim,
  type NameWord,
  type OutletNames,
} from "./claims";
import type { ProviderAnalysis } from "./provider";
import { outletOf } from "./local/outlets";
import { isNameJoiner } from "./text/names";
import { numberValues } from "./text/numbers";
import {
  addTokenTerms,
  matchForm,
  REPORTS_SHARE,
  REPORTS_WORDS,
  wordsHeld,
  tokenize,
  type Token,
} from "./text/tokens";
import { articleText } from "./model-prompt";
import { ANALYSIS_BUDGET, cutText, WorkBudget } from "./work-budget";

/** An "only" claim is false when another outlet holds its details and this share of its words (no details: the next). */
const ONLY_TERMS_SHARE = 0.5;
const ONLY_TERMS_SHARE_NO_DETAILS = 2 / 3;

export interface ArticleEvidence {
  outlet: string;
  /** The text in quotation form (quoteForm), for verbatim quotations. */
  match: string;
  /** Every form its words may be named by (nameForms). */
  forms: Set<string>;
  numbers: Set<string>;
  /** Terms as the analyzer compares them (stemmed, demonyms and synonyms folded). */
  terms: Set<string>;
  /** The roots of its longer terms (rootOf). */
  roots: Set<string>;
}

export interface GroundingReport {
  droppedCitations: number;
  droppedPoints: number;
  droppedSentences: number;
  /** One line per repair, for the log. */
  notes: string[];
}

/** The card as the check reads it: each article's evidence, and the outlets' names. */
export interface CardEvidence {
  articles: ArticleEvidence[];
  outlets: OutletNames;
  /** Outlet key → its name as the request gives it, for the check's notes. */
  names: Map<string, string>;
}

const MONTH_ABBREVIATIONS: Record<string, string> = {
  jan: "january",
  feb: "february",
  mar: "march",
  apr: "april",
  jun: "june",
  jul: "july",
  aug: "august",
  sep: "september",
  sept: "september",
  oct: "october",
  nov: "november",
  dec: "december",
};

/**
 * The form quotations are compared in: lowercase, straight quotes, one kind of dash and of
 * ellipsis, single spaces, abbreviations' dots off ("U.S." is "us") and months in full ("Jan. 5"
 * is "january 5"): a quotation that differs only so is verbatim.
 */
export function quoteForm(text: string): string {
  return matchForm(text)
    .replace(/\b((?:\p{L}\.){2,})/gu, (m) => m.replace(/\./g, ""))
    .replace(
      /\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.(?=\s)/g,
      (_, m: string) => MONTH_ABBREVIATIONS[m],
    )
    .replace(/\s*[‐‑‒–—―]\s*/g, " - ")
    .replace(/…/g, "...")
    .replace(/^[\s,.;:!?'"-]+|[\s,.;:!?'"-]+$/g, "");
}

/** The numbers a publication date lends its article: its day and year ("June 23, 2018"). */
function dateNumbers(iso: string | undefined): string[] {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return [];
  return [String(date.getUTCDate()), String(date.getUTCFullYear())];
}

/**
 * Every form the words of a text may be named by: families, hyphenated words' parts, spelling
 * keys, and the initials of each run of two to six capitalised words ("British Airways": "^ba";
 * joining words such as "of" go on a run without an initial).
 */
function nameForms(text: string, tokens: Token[], families: string[]): Set<string> {
  const forms = new Set(families);
  const seen = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    for (let i = 0; i + 1 < run.length; i++)
      for (let j = i + 2; j <= Math.min(run.length, i + 6); j++) forms.add(`^${run.slice(i, j).join("")}`);
    run = [];
  };
  for (const [k, t] of tokens.entries()) {
    if (!seen.has(t.text)) {
      seen.add(t.text);
      for (const p of nameParts(t.text, true)) forms.add(p);
      const spelling = t.capitalised ? spellingOf(t.text) : null;
      if (spelling) forms.add(spelling);
    }
    // "Department of Homeland Security": a joining word goes on the run, without an initial.
    const joined = k > 0 && text.slice(tokens[k - 1].end, t.start) === " ";
    const joiner = joined && run.length > 0 && isNameJoiner(t);
    if (joiner) continue;
    if (!t.capitalised || !joined) flush();
    if (t.capitalised) run.push(t.key[0]);
  }
  flush();
  return forms;
}

/**
 * What of an article a statement may rest on: for a model's answer, the text the model was sent
 * (lib/analysis/model-prompt.ts articleText: each passage once, the first PROMPT_TEXT_CHARS); for
 * the built-in analyzer's, its title and as much of its summary and content as the analyzer reads
 * of a card of this size (lib/analysis/work-budget.ts). Either way a bounded text: a card of
 * twenty 25,000-character articles costs the check what the analyzer's reading costs.
 */
export type EvidenceOf = "model" | "analyzer";

function evidenceText(article: AnalysisArticle, of: EvidenceOf, cardSize: number): string {
  const head = `${article.source}\n${article.title}`;
  if (of === "model") return `${head}\n${articleText(article)}`;
  // The analyzer reads this many characters of title, summary and content together (summary and
  // content in spaces normalised, the summary left out when the content holds it): of each, this many.
  const perArticle = Math.min(ANALYSIS_BUDGET.articleChars, Math.floor(ANALYSIS_BUDGET.cardChars / cardSize));
  const read = (text: string) => cutText(text.replace(/\s+/g, " ").trim(), perArticle);
  return `${head}\n${read(article.summary)}\n${read(article.content)}`;
}

function evidenceOf(article: AnalysisArticle, of: EvidenceOf, cardSize: number): ArticleEvidence {
  const text = evidenceText(article, of, cardSize);
  const tokens = tokenize(text);
  // Terms once per distinct word: texts repeat their words, hostile ones thousands of times.
  const terms = new Set<string>();
  const seen = new Set<string>();
  for (const t of tokens) {
    const id = t.acronym ? `A${t.text}` : t.text;
    if (seen.has(id)) continue;
    seen.add(id);
    addTokenTerms([t], terms);
  }
  const numbers = numberValues(text, tokens);
  for (const n of dateNumbers(article.publishedAt)) numbers.add(n);
  const families = familySequence(tokens, new Map());
  return {
    match: quoteForm(text),
    forms: nameForms(text, tokens, families),
    numbers,
    terms,
    roots: new Set([...terms].map(rootOf)),
    outlet: outletOf(article.source).key,
  };
}

/** Quotations in quotation form, each made once (a statement's quotations are looked for in every article). */
const quoteForms = new Map<string, string>();
function formOfQuote(quote: string): string {
  let form = quoteForms.get(quote);
  if (form === undefined) {
    if (quoteForms.size >= 1_000) quoteForms.clear();
    quoteForms.set(quote, (form = quoteForm(quote)));
  }
  return form;
}

const holdsQuote = (e: ArticleEvidence, quote: string) => e.match.includes(formOfQuote(quote));

/** Whether an article writes one word of a name in any of its forms; `initial` accepts "N" for "North". */
function holdsWord(e: ArticleEvidence, w: NameWord, initial: boolean): boolean {
  return (
    e.forms.has(w.family) ||
    (w.parts.length > 0 && w.parts.every((p) => e.forms.has(p))) ||
    (w.spelling !== null && e.forms.has(w.spelling)) ||
    (w.acronym && e.forms.has(`^${w.family}`)) ||
    (initial && e.forms.has(w.initial))
  );
}

/**
 * Whether an article names a name: its words in order, each of them in any form ("Keita,
 * Boubacar"; "Iran-backed" for "Iran"; "BA" for "British Airways" and back), or, with
 * `byLastName`, its last word (an outlet's own article may name a person by surname alone).
 */
function holdsName(e: ArticleEvidence, name: NameClaim, byLastName = false): boolean {
  // Each word held in some form covers the words in order too (the forms hold every word's family).
  if (name.initials && e.forms.has(name.initials.slice(1))) return true;
  const last = name.words.length - 1;
  if (name.words.every((w, i) => holdsWord(e, w, i < last))) return true;
  return (
    byLastName && last > 0 && name.words[last].family.length >= 3 && holdsWord(e, name.words[last], false)
  );
}

/** Whether an article reports a quoted sentence in its own words: most of its words. */
const reportsQuote = (e: ArticleEvidence, words: string[][]) => {
  const { held, share } = wordsHeld(words, e.terms);
  return held >= REPORTS_WORDS && share >= REPORTS_SHARE;
};

/** The names, figures and quotations of a claim that the article holds, by kind, and those it lacks. */
function detailsHeld(claims: Claims, e: ArticleEvidence, byLastName = false) {
  return {
    names: claims.names.filter((n) => holdsName(e, n, byLastName)).length,
    numbers: claims.numbers.filter((v) => e.numbers.has(v)).length,
    quotes: claims.quotes.filter((q) => holdsQuote(e, q)).length,
  };
}

/**
 * The names, figures and quotations of a claim that none of the given articles holds; `byLastName`
 * accepts a name by its last word.
 */
export function unsupportedClaims(claims: Claims, evidence: ArticleEvidence[], byLastName = false): string[] {
  const missing: string[] = [];
  for (const n of claims.names)
    if (!evidence.some((e) => holdsName(e, n, byLastName))) missing.push(n.written);
  for (const v of claims.numbers) if (!evidence.some((e) => e.numbers.has(v))) missing.push(v);
  for (const q of claims.quotes) if (!evidence.some((e) => holdsQuote(e, q))) missing.push(`“${q}”`);
  return missing;
}

/** A term's first characters, for words of one root the stemmer parts ("producers", "production"). */
const ROOT_CHARS = 6;
const rootOf = (term: string) => (term.length >= ROOT_CHARS ? `~${term.slice(0, ROOT_CHARS)}` : term);

/** How many of a claim's key words the given articles hold (as a term, or a word of the same root). */
function keyHeld(claims: Claims, evidence: ArticleEvidence[], terms = claims.keyTerms): number {
  return terms.filter((t) => evidence.some((e) => e.terms.has(t) || e.roots.has(rootOf(t)))).length;
}

/**
 * Whether a cited article the statement does not name supports it: it holds the statement's
 * figures, one of its quotations (or reports a quoted sentence in its own words) and half its
 * names (by last name), or for a statement without these, one of its key words. A figures line or
 * a conflict sets different outlets' figures side by side: one of its details is enough.
 */
function supports(e: ArticleEvidence, claims: Claims, kind: PointKind): boolean {
  if (!hasDetails(claims)) return !claims.keyTerms.length || keyHeld(claims, [e]) > 0;
  const held = detailsHeld(claims, e, true);
  const quoted = claims.quoteWords.filter((words) => reportsQuote(e, words)).length;
  if (kind === "figures" || kind === "conflict") return held.names + held.numbers + held.quotes + quoted > 0;
  // A shared fact may quote several outlets' wordings of it: one, or its sense, is enough.
  const quotesHeld = !claims.quotes.length || held.quotes + quoted > 0;
  return held.numbers === claims.numbers.length && quotesHeld && 2 * held.names >= claims.names.length;
}

/** A part of a statement that names outlets as stating it, with what it claims they state. */
interface NamedPart {
  outlets: string[];
  /** The claims of its affirmed clauses ("does not name Arrington" claims no name of the outlet). */
  claims: Claims;
}

/** The parts of a text that name outlets as stating them (lib/analysis/claims.ts attributions). */
function namedParts(text: string, card: CardEvidence): NamedPart[] {
  return statementSentences(text).flatMap((sentence) =>
    attributions(sentence.text, card.outlets).map((part) => ({
      outlets: part.outlets,
      claims: claimsOf(affirmedText(part.text), card.outlets),
    })),
  );
}

/** The parts whose details an outlet's article must hold. */
const checkedParts = (parts: NamedPart[]) => parts.filter((p) => hasDetails(p.claims));

/** What the parts say named outlets state that their articles do not hold ("CNN gives 250"), as notes. */
function misattributed(parts: NamedPart[], card: CardEvidence): string[] {
  const out: string[] = [];
  for (const part of checkedParts(parts))
    for (const outlet of part.outlets) {
      const lacking = unsupportedClaims(
        part.claims,
        card.articles.filter((e) => e.outlet === outlet),
        true,
      );
      if (lacking.length)
        out.push(`${card.names.get(outlet)} does not say ${lacking.slice(0, 3).join(", ")}`);
    }
  return out;
}

/** Whether an article of a named outlet holds every part the text says its outlet states. */
function holdsOwnParts(e: ArticleEvidence, parts: NamedPart[]): boolean {
  return checkedParts(parts)
    .filter((p) => p.outlets.includes(e.outlet))
    .every((p) => !unsupportedClaims(p.claims, [e], true).length);
}

/** Terms every outlet of the card writes: the story's own words, which no "only" can rest on. */
function topicTerms(card: CardEvidence): Set<string> {
  const byOutlet = new Map<string, Set<string>>();
  for (const e of card.articles) {
    const set = byOutlet.get(e.outlet) ?? new Set<string>();
    for (const t of e.terms) set.add(t);
    byOutlet.set(e.outlet, set);
  }
  const [first, ...rest] = [...byOutlet.values()];
  return new Set([...(first ?? [])].filter((t) => rest.every((set) => set.has(t))));
}

/**
 * Whether another outlet's article says what an "only" claim says its outlets alone say: it holds
 * every name, figure (counts in words too) and quotation of it and half its other words; or, for a
 * claim of words only, two or more of its words beyond the story's own, and two thirds of them.
 */
function alsoSays(e: ArticleEvidence, c: Claims, counts: string[], topic: Set<string>): boolean {
  const terms = c.keyTerms.filter((t) => !topic.has(t));
  if (hasDetails(c) || counts.length) {
    const lacks = unsupportedClaims(c, [e]).length > 0 || counts.some((v) => !e.numbers.has(v));
    return !lacks && (!terms.length || keyHeld(c, [e], terms) >= ONLY_TERMS_SHARE * terms.length);
  }
  const held = keyHeld(c, [e], terms);
  return terms.length >= 2 && held >= 2 && held >= ONLY_TERMS_SHARE_NO_DETAILS * terms.length;
}

/** "Only X…" claims of a text that another outlet's article bears out too, as notes. */
function falseOnly(text: string, card: CardEvidence): string[] {
  const out: string[] = [];
  let topic: Set<string> | undefined;
  for (const sentence of statementSentences(text)) {
    const claim = exclusiveClaim(sentence.text, card.outlets);
    if (!claim) continue;
    const c = claimsOf(claim.text, card.outlets);
    const counts = [...numberValues(claim.text)].filter((v) => !c.numbers.includes(v));
    topic ??= topicTerms(card);
    const also = card.articles.find(
      (e) => !claim.outlets.includes(e.outlet) && alsoSays(e, c, counts, topic!),
    );
    if (also) out.push(`“only” is false: ${card.names.get(also.outlet)} says it too`);
  }
  return out;
}

/** What the check reads of one statement: its claims, and its parts that name outlets. */
interface Statement {
  claims: Claims;
  parts: NamedPart[];
}

/** Why a point fails, or "" when the articles support it as cited (`cited`: its citations that hold). */
function failure(point: CitedPoint, statement: Statement, card: CardEvidence, cited: number[]): string {
  const { claims } = statement;
  const evidence = cited.map((i) => card.articles[i]);
  const missing = unsupportedClaims(claims, evidence);
  if (missing.length) return `not in the cited articles: ${missing.slice(0, 3).join(", ")}`;
  const wrong = misattributed(statement.parts, card);
  if (wrong.length) return wrong[0];
  const only = falseOnly(point.text, card);
  if (only.length) return only[0];
  // A bare claim (no name, figure, quotation or outlet) sharing none of its words with the articles.
  const bare = !hasDetails(claims) && !statement.parts.length;
  if (bare && claims.keyTerms.length >= 2 && keyHeld(claims, evidence) === 0)
    return "none of its words are in the cited articles";
  return "";
}

/** Whether an article says anything of a claim: a detail, a key word, or a quoted sentence in its own words. */
function mentionsAny(e: ArticleEvidence, claims: Claims): boolean {
  return (
    claims.names.some((n) => holdsName(e, n)) ||
    claims.numbers.some((v) => e.numbers.has(v)) ||
    claims.quotes.some((q) => holdsQuote(e, q)) ||
    claims.keyTerms.some((t) => e.terms.has(t)) ||
    claims.quoteWords.some((words) => reportsQuote(e, words))
  );
}

/**
 * The citations of a point its articles bear out: an article of an outlet the point names holds
 * what the point says that outlet states (or, when another cited article of the outlet does,
 * says something of the point); another supports the whole point (supports()).
 */
function supportingCitations(
  statement: Statement,
  kind: PointKind,
  card: CardEvidence,
  inRange: number[],
): number[] {
  const named = new Set(statement.parts.flatMap((p) => p.outlets));
  const holds = new Map(inRange.map((i) => [i, holdsOwnParts(card.articles[i], statement.parts)]));
  return inRange.filter((i) => {
    const e = card.articles[i];
    if (!named.has(e.outlet)) return supports(e, statement.claims, kind);
    if (holds.get(i)) return true;
    const sibling = inRange.some((j) => j !== i && card.articles[j].outlet === e.outlet && holds.get(j));
    return sibling && mentionsAny(e, statement.claims);
  });
}

function groundPoint(
  point: CitedPoint,
  kind: PointKind,
  card: CardEvidence,
  report: GroundingReport,
): CitedPoint | null {
  const label = `${kind} “${point.text.slice(0, 60)}”`;
  const inRange = [...new Set(point.citations)].filter(
    (i) => Number.isInteger(i) && i >= 0 && i < card.articles.length,
  );
  report.droppedCitations += point.citations.length - inRange.length;
  if (inRange.length < point.citations.length) report.notes.push(`${label}: citations to no article removed`);
  const statement: Statement = {
    claims: claimsOf(point.text, card.outlets),
    parts: namedParts(point.text, card),
  };
  const kept = inRange.length ? supportingCitations(statement, kind, card, inRange) : [];
  let reason = kept.length ? failure(point, statement, card, kept) : "no cited article supports it";
  if (!reason && (kind === "common point" || kind === "conflict")) {
    if (new Set(kept.map((i) => card.articles[i].outlet)).size < 2)
      reason = "fewer than two distinct outlets cited";
  }
  if (reason) {
    report.droppedPoints++;
    report.notes.push(`${label} dropped: ${reason}`);
    return null;
  }
  report.droppedCitations += inRange.length - kept.length;
  if (kept.length < inRange.length)
    report.notes.push(`${label}: citations to articles that do not support it removed`);
  return { text: point.text, citations: kept };
}

/** Why a sentence of a free text fails, or "". */
function sentenceFailure(sentence: string, card: CardEvidence): string {
  const missing = unsupportedClaims(claimsOf(sentence, card.outlets), card.articles);
  if (missing.length) return `not in any article: ${missing.slice(0, 3).join(", ")}`;
  return misattributed(namedParts(sentence, card), card)[0] ?? falseOnly(sentence, card)[0] ?? "";
}

function groundText(text: string, card: CardEvidence, field: string, report: GroundingReport): string {
  const kept = statementSentences(text).filter((s) => {
    const reason = sentenceFailure(s.text, card);
    if (reason) {
      report.droppedSentences++;
      report.notes.push(`${field}: sentence dropped, ${reason}`);
    }
    return !reason;
  });
  return kept.map((s) => s.text).join(" ");
}

/** What the grounding check reads of a card's articles, made once per check. */
export async function cardEvidence(
  articles: AnalysisArticle[],
  budget: WorkBudget,
  of: EvidenceOf = "analyzer",
): Promise<CardEvidence> {
  const evidence: ArticleEvidence[] = [];
  for (const a of articles) {
    evidence.push(evidenceOf(a, of, articles.length));
    await budget.checkpoint();
  }
  const names = new Map<string, string>();
  for (const [i, a] of articles.entries())
    if (!names.has(evidence[i].outlet)) names.set(evidence[i].outlet, a.source);
  return { articles: evidence, outlets: outletNamesOf(articles.map((a) => a.source)), names };
}

export const emptyReport = (): GroundingReport => ({
  droppedCitations: 0,
  droppedPoints: 0,
  droppedSentences: 0,
  notes: [],
});

/** The points of one list that the articles support, each with the citations that do. */
export async function groundPoints(
  points: CitedPoint[],
  card: CardEvidence,
  kind: PointKind,
  report: GroundingReport,
  budget: WorkBudget,
): Promise<CitedPoint[]> {
  const kept: CitedPoint[] = [];
  for (const p of points) {
    const grounded = groundPoint(p, kind, card, report);
    if (grounded) kept.push(grounded);
    await budget.checkpoint();
  }
  return kept;
}

/** A free text with the sentences the articles do not support dropped. */
export function groundFreeText(
  text: string,
  card: CardEvidence,
  field: string,
  report: GroundingReport,
): string {
  return groundText(text, card, field, report);
}

/** Checks an answer against the articles; returns what survives and what was repaired. */
export async function groundAnalysis(
  analysis: ProviderAnalysis,
  articles: AnalysisArticle[],
  budget = new WorkBudget("grounding check"),
): Promise<{ analysis: ProviderAnalysis; report: GroundingReport }> {
  const card = await cardEvidence(articles, budget);
  const report = emptyReport();
  const keep = (points: CitedPoint[], kind: PointKind) => groundPoints(points, card, kind, report, budget);
  const commonPoints = await keep(analysis.commonPoints, "common point");
  const differences = await keep(analysis.differences, "difference");
  const extras: Pick<ProviderAnalysis, "angles" | "figures"> = {};
  if (analysis.angles) extras.angles = await keep(analysis.angles, "angle");
  if (analysis.figures) extras.figures = await keep(analysis.figures, "figures");
  const texts = {} as Record<(typeof FREE_TEXTS)[number], string>;
  for (const field of FREE_TEXTS) {
    texts[field] = groundText(analysis[field], card, field, report);
    await budget.checkpoint();
  }
  return { analysis: { ...analysis, commonPoints, differences, ...extras, ...texts }, report };
}

/** The lists an answer holds, as the check names them in its notes. */
export type PointKind = "common point" | "difference" | "angle" | "figures" | "conflict";

export const FREE_TEXTS = ["summary", "biasAnalysis", "emotionalTone", "frontendSummary"] as const;
