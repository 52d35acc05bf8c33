/**
 * The local analyzer's quality measure on real stories (`npm run analysis:eval`,
 * tests/data/local-analyzer-eval.test.ts): each story of tests/fixtures/analysis-eval-stories.ts
 * is sent as one card, as the service runs it (analysis, then the grounding check), and the
 * answer is scored against what the team wrote by reading the articles: how many expected shared
 * facts its common points state, how many outlets' angles it states, what the grounding check
 * rejects, which "only" claims are false (another outlet's text has the claimed detail too), and
 * which statements carry feed artefacts (datelines, "Continue reading"); and, for issue 25: how
 * many expected facts the outlets word differently it states, how many expected figure pairs a
 * figures line sets side by side, how many "only" claims rest on a single word, how many quotes
 * recur across summary, points, angles, differences and figures, how many citations of a shared
 * fact go to an outlet whose own text lacks one of its names or figures, on how many stories the
 * bias text shows words of the articles, how many words of analysis it writes per word of the
 * articles, and how many contradictions between claims it names (decision 051), found and false;
 * and, for issue 32: summaries ending in a bare list of names, summaries that deny the card
 * ("may not describe the same event"), labelled facts an "N of the M outlets" counts wrongly
 * (against the outlets the team counted by reading), figures lines that pair counts of different
 * fates ("arrested" beside a crowd), and figures with their unit cut. The matching here is
 * deliberately its own, simple and fixed, so that figures before and after a change compare.
 */
import { groundAnalysis, type GroundingReport } from "@/lib/analysis/grounding";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { ProviderAnalysis } from "@/lib/analysis/provider";
import { parseLabelledJsonl } from "@/scripts/lib/cluster-eval/labelled-feeds";
import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { CALENDAR_WORDS } from "@/lib/text/terms";
import { COUNT_WORDS } from "@/lib/text/words";
import {
  EVAL_STORIES,
  type EvalStory,
  type ExpectedFact,
  type ExpectedFigures,
} from "@/tests/fixtures/analysis-eval-stories";

/** The labelled files' outlet keys, as a request names the outlet. */
export const OUTLET_NAMES: Record<string, string> = {
  bbc: "BBC News",
  cnn: "CNN",
  fox: "Fox News",
  guardian: "The Guardian",
  reuters: "Reuters",
  wsj: "Wall Street Journal",
  aljazeera: "Al Jazeera",
  breitbart: "Breitbart",
  cnbc: "CNBC",
  mcclatchy: "McClatchy",
  msnbc: "MSNBC",
  politico: "Politico",
  thehill: "The Hill",
  dailymail: "Daily Mail",
  latimes: "Los Angeles Times",
  nytimes: "The New York Times",
  nzherald: "NZ Herald",
  smh: "The Sydney Morning Herald",
};

export interface StoryScore {
  slug: string;
  split: "tune" | "report";
  outlets: number;
  facts: { stated: number; expected: number; missed: string[] };
  angles: { stated: number; expected: number; missed: string[] };
  /** The grounding check's notes: statements it would reject or repair. */
  rejected: string[];
  /** "Only" claims whose detail another outlet's text also has. */
  falseOnly: string[];
  /** Statements with feed artefacts. */
  artefacts: string[];
  /** Expected facts the outlets word differently, stated among the common points. */
  reworded: { stated: number; expected: number; missed: string[] };
  /** Expected figure pairs a figures line sets side by side. */
  figurePairs: { stated: number; expected: number; missed: string[] };
  /** "Only" claims (differences and summary) naming a detail of one word and no figure. */
  singleWordOnly: string[];
  /** Quotes written again in another item of the answer (summary, points, angles, differences, figures). */
  repeatedQuotes: string[];
  /** A shared fact cited to an outlet whose own text lacks one of the quote's names or figures. */
  unsupportedCitations: string[];
  /** Contradictions the answer names (decision 051): those an expected one matches, and those none does (false). */
  contradictions: { found: number; expected: number; false: string[] };
  /** Words the answer writes (summary, points, angles, differences, figures) and the articles' words. */
  words: { analysis: number; articles: number };
  /** Issue 32: the summary's clauses that end in a bare list of names or figures ("CNN gives Toyota Corolla"). */
  keywordList: string[];
  /** Issue 32: the summary suggests the card's outlets may describe different events. */
  denied: string[];
  /**
   * Issue 32: labelled facts (ExpectedFact.outlets) an "N of the M outlets" states with the wrong
   * N; how many labelled facts a count states (judged), and how many are labelled.
   */
  counts: { labelled: number; judged: number; wrong: string[] };
  /** Issue 32: figures lines setting side by side counts of different fates ("200 people were arrested" beside "hundreds of protesters"). */
  mispairedFigures: string[];
  /** Issue 32: figures shown with their unit cut ("130 km" of "130 km/h"). */
  cutUnits: string[];
  ms: number;
  result: ProviderAnalysis;
  articles: AnalysisArticle[];
}

/** Reads a labelled day (its JSON Lines text) into the story's request, in the fixture's order. */
export function storyArticles(
  story: EvalStory,
  dayText: string,
): { articles: AnalysisArticle[]; outlets: string[] } {
  const byId = new Map(
    dayText
      .split("\n")
      .filter((l) => l.trim())
      .map(
        (l) =>
          JSON.parse(l) as { id: string; outlet: string; title: string; summary?: string; date?: string },
      )
      .map((item) => [item.id, item] as const),
  );
  // The same validation as cluster:eval, so a malformed file fails with the line named.
  parseLabelledJsonl(dayText);
  const items = story.ids.map((id) => {
    const item = byId.get(id);
    if (!item) throw new Error(`${story.slug}: no article ${id} in the ${story.day} file.`);
    return item;
  });
  return {
    // The RSS title and summary, as ingest stores them; the page sends the summary as content too.
    articles: items.map((i) => ({
      title: i.title,
      summary: i.summary ?? "",
      content: i.summary ?? "",
      source: OUTLET_NAMES[i.outlet] ?? i.outlet,
      // The labelled files write feed dates as the feeds do (RFC 2822 or ISO 8601); the API takes ISO.
      ...(i.date && !Number.isNaN(Date.parse(i.date)) ? { publishedAt: new Date(i.date).toISOString() } : {}),
    })),
    outlets: items.map((i) => i.outlet),
  };
}

/** Lowercase words, possessives off, "G-7" as "g7", "100,000" as "100000", "U.F.O." as "ufo", "twenty" as "20", demonyms folded, plural and verb endings off. */
export function evalWords(text: string): string[] {
  const clean = text
    .replace(/\b((?:\p{Lu}\.){2,})(?!\p{L})/gu, (m) => (/^U\.[SK]\.$/.test(m) ? m : m.replace(/\./g, "")))
    // "US", "U.S." and "United States" are one place, as are "UK" and "U.K.", whatever the case after.
    .replace(/\bU\.S(?:\.A)?\.?(?!\p{L})|\bUSA?\b|\bUnited States\b/gu, " usa ")
    .replace(/\bU\.K\.?(?!\p{L})|\bUnited Kingdom\b/gu, " uk ")
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, "")
    .replace(/(\d),(\d{3})\b/g, "$1$2")
    .replace(/(\d),(\d{3})\b/g, "$1$2")
    .replace(/(\p{L})-(\d)/gu, "$1$2");
  return (clean.match(/[\p{L}\p{N}]+/gu) ?? []).map(evalStem);
}

function evalStem(word: string): string {
  const w = COUNT_WORDS.get(word) ?? PLACE_OF_DEMONYM.get(word) ?? word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("es") && /(?:ch|sh|ss|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Whether a statement contains every term of an expected fact (a term: alternatives split by "|"). */
export function statesFact(statement: string, fact: ExpectedFact): boolean {
  const words = new Set(evalWords(statement));
  return fact.terms.every((term) => term.split("|").some((alt) => evalWords(alt).every((w) => words.has(w))));
}

/** Indices of the articles an outlet key's articles have in the request. */
function articlesOf(outlets: string[], outlet: string): Set<number> {
  return new Set(outlets.flatMap((o, i) => (o === outlet ? [i] : [])));
}

/**
 * The statements about one outlet's angle: its angle line when the answer has them, else points
 * citing it alone. The answer quotes a passage once (decision 037): an angle line may refer to
 * "the shared report above", and an outlet's lead may be quoted under its name in a common
 * point; both count as the angle line's.
 */
function angleStatements(result: ProviderAnalysis, mine: Set<number>, source: string): string[] {
  const about = (p: CitedPoint) => p.citations.length > 0 && p.citations.every((i) => mine.has(i));
  const angles = (result as { angles?: CitedPoint[] }).angles;
  const own = (angles ?? result.differences).filter(about).map((p) => p.text);
  const refers = own.some((t) => t.includes("the shared report above"));
  const quotedUnder = result.commonPoints
    .filter((p) => p.citations.some((i) => mine.has(i)))
    .flatMap((p) =>
      refers
        ? [p.text]
        : [...p.text.matchAll(/(?:^|; )([^;“]+?): “([^”]+)”/g)]
            .filter((m) => m[1].replace(/^in the words of /, "") === source)
            .map((m) => m[2]),
    );
  return own.map((t) => `${t} ${quotedUnder.join(" ")}`);
}

/** How a contradiction line opens (lib/analysis/local/contradictions.ts). */
const CONTRADICTION = "The reports contradict each other";

const ONLY = /^Only (.+?) (?:mentions|names|gives|quotes|reports|gives the figure) (.+?)(?:: “.*)?\.?$/s;

/** The details an "Only X …" claim says no other outlet has: the list before the colon. */
export function onlyClaimDetails(text: string): { outlet: string; details: string[] } | null {
  const m = ONLY.exec(text);
  if (!m) return null;
  const list = m[2].replace(/^the figure /, "");
  return {
    outlet: m[1],
    details: list
      .split(/, | and /)
      .map((d) => d.replace(/^[“"]|[”"]$/g, "").trim())
      .filter(Boolean),
  };
}

/** "Only" claims whose details another outlet's text also contains. */
function falseOnlyClaims(result: ProviderAnalysis, articles: AnalysisArticle[]): string[] {
  const out: string[] = [];
  for (const d of result.differences) {
    const claim = onlyClaimDetails(d.text);
    if (!claim) continue;
    const others = articles
      .filter((a) => a.source !== claim.outlet)
      .map((a) => new Set(evalWords(`${a.title} ${a.summary} ${a.content}`)));
    const elsewhere = claim.details.filter((detail) => {
      const words = evalWords(detail);
      return words.length > 0 && others.some((o) => words.every((w) => o.has(w)));
    });
    if (elsewhere.length) out.push(`${d.text.slice(0, 140)} [elsewhere: ${elsewhere.join(", ")}]`);
  }
  return out;
}

const ARTEFACTS = [
  /\b[A-Z]{3,}(?: [A-Z]{3,})* \((?:Reuters|AP|AFP|UPI)\)/,
  /Continue reading/i,
  /Click to Continue/i,
  /\.\.\.\s*$/,
  /\bDAN HODGES:|PETER HITCHENS:/,
];

function artefactsIn(result: ProviderAnalysis): string[] {
  const angles = (result as { angles?: CitedPoint[] }).angles ?? [];
  const statements = [...result.commonPoints, ...result.differences, ...angles]
    .map((p) => p.text)
    .concat(result.summary);
  return statements.filter((s) => ARTEFACTS.some((re) => re.test(s))).map((s) => s.slice(0, 140));
}

/** The answer's statements by place: summary, then every listed item. */
function answerItems(result: ProviderAnalysis): { place: string; text: string }[] {
  const lists = result as ProviderAnalysis & { angles?: CitedPoint[]; figures?: CitedPoint[] };
  return [
    { place: "summary", text: result.summary },
    ...result.commonPoints.map((p, i) => ({ place: `point ${i}`, text: p.text })),
    ...(lists.angles ?? []).map((p, i) => ({ place: `angle ${i}`, text: p.text })),
    ...result.differences.map((p, i) => ({ place: `difference ${i}`, text: p.text })),
    ...(lists.figures ?? []).map((p, i) => ({ place: `figures ${i}`, text: p.text })),
  ];
}

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** "Only" claims, in the differences or as a sentence of the summary, that name a one-word detail without a figure. */
export function singleWordOnlyClaims(result: ProviderAnalysis): string[] {
  const claims = [
    ...result.differences.map((d) => d.text),
    ...result.summary.split(/(?<=[.!?”])\s+(?=Only )/).filter((s) => s.startsWith("Only ")),
  ];
  return claims
    .filter((text) => {
      const claim = onlyClaimDetails(text);
      return claim?.details.some((d) => !/\d/.test(d) && wordCount(d.replace(/^the /i, "")) === 1) ?? false;
    })
    .map((t) => t.slice(0, 140));
}

/**
 * Quotes (“…”, at least four words) written in two items of the answer, or one inside another's.
 * The summary is left out: it is written to be read alone, from the passages the rest quotes
 * (issue 32; decision 135).
 */
export function repeatedQuotes(result: ProviderAnalysis): string[] {
  const seen: { place: string; words: string }[] = [];
  const out: string[] = [];
  for (const item of answerItems(result).filter((i) => i.place !== "summary")) {
    for (const m of item.text.matchAll(/“([^”]+)”/g)) {
      const words = evalWords(m[1]).join(" ");
      if (words.split(" ").length < 4) continue;
      const again = seen.find(
        (q) => q.place !== item.place && (q.words.includes(words) || words.includes(q.words)),
      );
      if (again) out.push(`${item.place} repeats ${again.place}: “${m[1].slice(0, 80)}”`);
      seen.push({ place: item.place, words });
    }
  }
  return out;
}

/** A quote's details: its figures and, unless it is written in Title Case, the capitalised words after its first. */
function quoteDetails(quote: string): string[] {
  const words = quote.replace(/[“”"]/g, " ").split(/\s+/).filter(Boolean);
  const long = words.filter((w) => /^\p{L}{4,}/u.test(w));
  const titleCase = long.filter((w) => /^\p{Lu}/u.test(w)).length > long.length / 2;
  const out = new Set<string>();
  // Consecutive capitalised words are one name ("United States").
  let run: string[] = [];
  const endRun = () => {
    if (run.length) out.add(run.join(" "));
    run = [];
  };
  for (const [i, w] of words.entries()) {
    // An abbreviation keeps its last dot ("(R-S.C.)" is "R-S.C.", as the article writes it).
    const clean =
      w.replace(/^[^\p{L}\p{N}$£€]+|[^\p{L}\p{N}]+$/gu, "") + (/\p{Lu}\.\p{Lu}\.\W*$/u.test(w) ? "." : "");
    if (!clean) continue;
    const name =
      !titleCase &&
      i > 0 &&
      clean.length > 1 &&
      /^\p{Lu}/u.test(clean) &&
      !CALENDAR_WORDS.has(clean.toLowerCase()) &&
      !/[:.!?]$/.test(words[i - 1]);
    if (name) run.push(clean);
    else endRun();
    if (/\d/.test(clean)) out.add(clean);
    if (name && /[^\p{L}]$/u.test(w)) endRun();
  }
  endRun();
  return [...out];
}

/**
 * Shared facts cited to an outlet whose own text lacks a name or figure of the quote it is cited
 * for: a quote introduced by an outlet's name ("CNN: “…”") is that outlet's, checked against its
 * articles; the point's other quote ("in the words of X: “…”") is checked against every other
 * cited article.
 */
export function unsupportedCitations(result: ProviderAnalysis, articles: AnalysisArticle[]): string[] {
  const out: string[] = [];
  const sources = [...new Set(articles.map((a) => a.source))];
  for (const p of result.commonPoints) {
    const quotes = [...p.text.matchAll(/“([^”]+)”/g)].map((m) => {
      const before = p.text.slice(0, m.index).replace(/\s+$/, "");
      const owner = sources.find((src) => before.endsWith(`${src}:`) && !before.endsWith(`words of ${src}:`));
      return { quote: m[1], owner };
    });
    const owners = new Set(quotes.map((q) => q.owner).filter(Boolean));
    for (const { quote, owner } of quotes) {
      const details = quoteDetails(quote);
      for (const i of p.citations) {
        const a = articles[i];
        if (!a || (owner ? a.source !== owner : owners.has(a.source))) continue;
        const own = new Set(evalWords(`${a.title} ${a.summary} ${a.content}`));
        const lacking = details.filter((d) => !evalWords(d).every((w) => own.has(w)));
        if (lacking.length)
          out.push(`${a.source} cited for “${quote.slice(0, 70)}” lacks ${lacking.join(", ")}`);
      }
    }
  }
  return out;
}

/** Whether one figures line holds every value of an expected pair. */
function pairsFigures(result: ProviderAnalysis, expected: ExpectedFigures): boolean {
  const lines = (result as { figures?: CitedPoint[] }).figures ?? [];
  return lines.some((l) => {
    const words = new Set(evalWords(l.text));
    return l.citations.length >= 2 && expected.values.every((v) => evalWords(v).every((w) => words.has(w)));
  });
}

/** What the summary's clauses name after "gives", "mentions", "adds" or "write about", when it is only bare names and figures. */
const LISTING = /\b(?:gives?|mentions?|names?|adds?|cites?|writes? about|write about)\s+(.+)$/;
/** Qualifiers a bare figure may carry ("around 30 train cars"). */
const FIGURE_QUALIFIER =
  /^(?:the |a |an |around |about |at least |more than |up to |nearly |some |over |as many as )+/i;

/**
 * The summary's clauses that end in a bare list of names or figures (issue 32: "Al Jazeera gives
 * Asia-Pacific, China and Inside Story", "CNN gives Toyota Corolla", "all write about Tayyip
 * Erdogan and Turkey"): after such a verb, every item of the list is at most four words opening
 * with a capital or a digit. Quoted passages are not lists.
 */
export function keywordListClauses(summary: string): string[] {
  const unquoted = summary.replace(/“[^”]*”/g, " QUOTED ");
  const out: string[] = [];
  for (const clause of unquoted.split(/[.;:!?](?:\s+|$)/)) {
    const m = LISTING.exec(clause.trim());
    if (!m) continue;
    const list = m[1].split(/\s(?:but|so|while|which|as|in comparable)\s/)[0];
    const items = list
      .split(/, | and /)
      .map((i) => i.trim().replace(FIGURE_QUALIFIER, ""))
      .filter(Boolean);
    const bare = (i: string) =>
      !i.includes("QUOTED") && i.split(/\s+/).length <= 4 && /^[\p{Lu}\p{N}$£€]/u.test(i);
    if (items.length && items.every(bare)) out.push(clause.trim());
  }
  return out;
}

/** Wording that suggests a card's outlets describe different events (issue 32: "so they may not describe the same event"). */
const DENIAL =
  /may not (?:describe|be about|report|cover) the same|not (?:describe |be about )?the same (?:event|story)|different (?:events|stories)|share no statement/i;

/** The summary's sentences that deny the card. */
export function deniedCard(summary: string): string[] {
  return splitAnswerSentences(summary).filter((s) => DENIAL.test(s));
}

function splitAnswerSentences(text: string): string[] {
  return text.split(/(?<=[.!?”])\s+(?=[\p{Lu}“])/u).filter(Boolean);
}

const COUNT_WORD_VALUES = new Map([...COUNT_WORDS].map(([w, v]) => [w, Number(v)]));
/** "All four outlets", "Both outlets", "Three of the five outlets": the number of outlets said to report. */
const OUTLET_COUNT = /\b(?:(all) (\w+) outlets|(both) outlets|(\w+) of the (\w+) outlets)/gi;

/**
 * Each count of outlets the answer writes (summary and common points) with the passages it counts:
 * the first quotation after it in the same sentence of the summary (the one passage a reader of the
 * summary sees), else every quotation of the common point when the point quotes each outlet "with
 * its own details" (what they all report is what the quotations share), else the point's quotation.
 */
export function countedQuotes(result: ProviderAnalysis): { n: number; quotes: string[] }[] {
  const out: { n: number; quotes: string[] }[] = [];
  const items = [
    ...splitAnswerSentences(result.summary).map((text) => ({ text, point: false })),
    ...result.commonPoints.map((p) => ({ text: p.text, point: true })),
  ];
  for (const { text, point } of items) {
    for (const m of text.matchAll(OUTLET_COUNT)) {
      const word = (m[2] ?? m[4] ?? "").toLowerCase();
      const n = m[3] ? 2 : (COUNT_WORD_VALUES.get(word) ?? Number.NaN);
      const after = text.slice(m.index);
      const quotes = [...after.matchAll(/“([^”]+)”/g)].map((q) => q[1]);
      const each = point && /each with its own details/.test(after);
      if (quotes.length && Number.isFinite(n)) out.push({ n, quotes: each ? quotes : quotes.slice(0, 1) });
    }
  }
  return out;
}

/**
 * Labelled facts an answer counts wrongly: a count whose passages state the fact says more outlets
 * than report it, or the widest such count says fewer. A passage stating the fact and more may be
 * reported by fewer outlets than the fact alone, so only the widest count must reach the label.
 */
export function miscountedFacts(result: ProviderAnalysis, facts: ExpectedFact[]): StoryScore["counts"] {
  const counted = countedQuotes(result);
  let judged = 0;
  let labelled = 0;
  const wrong: string[] = [];
  for (const fact of facts) {
    if (fact.outlets === undefined) continue;
    labelled++;
    const stating = counted.filter((c) => c.quotes.every((q) => statesFact(q, fact)));
    if (!stating.length) continue;
    judged++;
    const over = stating.find((c) => c.n > fact.outlets!);
    const widest = Math.max(...stating.map((c) => c.n));
    if (over)
      wrong.push(
        `${fact.sentence} [${fact.outlets} report it; said ${over.n}: “${over.quotes[0].slice(0, 70)}”]`,
      );
    else if (widest < fact.outlets)
      wrong.push(`${fact.sentence} [${fact.outlets} report it; at most ${widest} said]`);
  }
  return { labelled, judged, wrong };
}

/**
 * The fate a figure's count is of, read from the article right after the figure as written: the
 * first word after it (auxiliaries and up to two counted words passed over) when it is one of the
 * fates a count may report (issue 32: "more than 200 people were arrested" is a count of arrests).
 */
const FATES = new Map(
  Object.entries({
    killed: "died",
    dead: "died",
    died: "died",
    injured: "injured",
    wounded: "injured",
    hurt: "injured",
    arrested: "arrested",
    detained: "arrested",
    held: "arrested",
    charged: "charged",
    evacuated: "evacuated",
    displaced: "evacuated",
    missing: "missing",
    rescued: "rescued",
    camped: "camped",
    stranded: "stranded",
    destroyed: "destroyed",
    damaged: "damaged",
    infected: "infected",
    hospitalised: "hospitalised",
    hospitalized: "hospitalised",
    jailed: "jailed",
    sentenced: "jailed",
  }),
);
const PASSED = new Set("were was are is have has had been being be reportedly now also".split(" "));

function fateAfter(articleText: string, figure: string): string | null | undefined {
  const text = articleText.toLowerCase().replace(/[’]/g, "'");
  const at = text.indexOf(figure.toLowerCase());
  if (at < 0) return undefined;
  const words =
    text.slice(at + figure.length, at + figure.length + 80).match(/^[\s]*([\p{L}' -]*)/u)?.[1] ?? "";
  for (const w of words.split(/\s+/).filter(Boolean).slice(0, 4)) {
    if (FATES.has(w)) return FATES.get(w)!;
    if (!PASSED.has(w)) return null;
  }
  return null;
}

/** Figures lines that set counts of different fates side by side, and figures whose unit is cut ("130 km" of "130 km/h"). */
export function figureProblems(
  result: ProviderAnalysis,
  articles: AnalysisArticle[],
): { mispaired: string[]; cut: string[] } {
  const lines = (result as { figures?: CitedPoint[] }).figures ?? [];
  const mispaired: string[] = [];
  const cut: string[] = [];
  const sources = [...new Set(articles.map((a) => a.source))].sort((a, b) => b.length - a.length);
  for (const line of lines) {
    const body = line.text.replace(/^[^:]+: /, "").replace(/\.$/, "");
    const parts = body.split("; ").flatMap((part) => {
      const source = sources.find((s) => part.startsWith(`${s}: `));
      return source ? [{ source, figure: part.slice(source.length + 2) }] : [];
    });
    const fates = parts.map((p) => {
      const texts = articles
        .filter((a) => a.source === p.source)
        .map((a) => `${a.title}\n${a.summary}\n${a.content}`);
      for (const t of texts) {
        const at = t.toLowerCase().indexOf(p.figure.toLowerCase());
        if (at >= 0 && /^\/\p{L}/u.test(t.slice(at + p.figure.length))) cut.push(`${p.source}: ${p.figure}`);
      }
      return texts.map((t) => fateAfter(t, p.figure)).find((f) => f !== undefined) ?? null;
    });
    if (!line.text.startsWith("The figures count different things") && new Set(fates).size > 1)
      mispaired.push(`${line.text.slice(0, 160)} [${fates.map((f) => f ?? "—").join(", ")}]`);
  }
  return { mispaired, cut };
}

/**
 * One story's analysis as the service makes it: the answer after the grounding check, and the
 * check's report; null when the analysis could not be made (a replayed request with no recording).
 */
export type StoryAnalysis = (
  articles: AnalysisArticle[],
  story: EvalStory,
) => Promise<{ analysis: ProviderAnalysis; report: GroundingReport } | null>;

/** The local analyzer, then the grounding check, as the service runs them. */
export const localAnalysis: StoryAnalysis = async (articles) =>
  groundAnalysis(await analyzeLocally(articles), articles);

/** Analyses one story as the service does and scores the answer; null when there is no answer. */
export async function scoreStory(
  story: EvalStory,
  dayText: string,
  analyse: StoryAnalysis = localAnalysis,
): Promise<StoryScore | null> {
  const { articles, outlets } = storyArticles(story, dayText);
  const t0 = performance.now();
  const answer = await analyse(articles, story);
  const ms = performance.now() - t0;
  if (!answer) return null;
  const { analysis: result, report } = answer;
  const common = result.commonPoints.map((p) => p.text);
  const missedFacts = story.facts.filter((f) => !common.some((s) => statesFact(s, f)));
  const reworded = story.facts.filter((f) => f.reworded);
  const missedReworded = reworded.filter((f) => missedFacts.includes(f));
  const pairs = story.figures ?? [];
  const expectedContradictions = story.contradictions ?? [];
  const named = result.differences.filter((d) => d.text.startsWith(CONTRADICTION));
  const falseContradictions = named.filter((d) => !expectedContradictions.some((f) => statesFact(d.text, f)));
  const missedPairs = pairs.filter((f) => !pairsFigures(result, f));
  const figures = figureProblems(result, articles);
  const distinctArticleText = new Set(articles.flatMap((a) => [a.title, a.summary, a.content]));
  const missedAngles = Object.entries(story.angles).filter(
    ([outlet, fact]) =>
      !angleStatements(result, articlesOf(outlets, outlet), OUTLET_NAMES[outlet] ?? outlet).some((s) =>
        statesFact(s, fact),
      ),
  );
  return {
    slug: story.slug,
    split: story.split ?? "tune",
    outlets: new Set(outlets).size,
    facts: {
      stated: story.facts.length - missedFacts.length,
      expected: story.facts.length,
      missed: missedFacts.map((f) => f.sentence),
    },
    angles: {
      stated: Object.keys(story.angles).length - missedAngles.length,
      expected: Object.keys(story.angles).length,
      missed: missedAngles.map(([o, f]) => `${o}: ${f.sentence}`),
    },
    rejected: report.notes,
    falseOnly: falseOnlyClaims(result, articles),
    artefacts: artefactsIn(result),
    reworded: {
      stated: reworded.length - missedReworded.length,
      expected: reworded.length,
      missed: missedReworded.map((f) => f.sentence),
    },
    figurePairs: {
      stated: pairs.length - missedPairs.length,
      expected: pairs.length,
      missed: missedPairs.map((f) => f.sentence),
    },
    contradictions: {
      found: named.length - falseContradictions.length,
      expected: expectedContradictions.length,
      false: falseContradictions.map((d) => d.text.slice(0, 160)),
    },
    singleWordOnly: singleWordOnlyClaims(result),
    repeatedQuotes: repeatedQuotes(result),
    unsupportedCitations: unsupportedCitations(result, articles),
    words: {
      analysis: answerItems(result).reduce((n, i) => n + wordCount(i.text), 0),
      articles: [...distinctArticleText].reduce((n, t) => n + wordCount(t), 0),
    },
    keywordList: keywordListClauses(result.summary),
    denied: deniedCard(result.summary),
    counts: miscountedFacts(result, story.facts),
    mispairedFigures: figures.mispaired,
    cutUnits: figures.cut,
    ms,
    result,
    articles,
  };
}

/** Scores every story that gets an answer; `readDay` returns a labelled day's JSON Lines text. */
export async function scoreStories(
  readDay: (day: EvalStory["day"]) => string,
  stories = EVAL_STORIES,
  analyse: StoryAnalysis = localAnalysis,
): Promise<StoryScore[]> {
  const days = new Map<string, string>();
  const out: StoryScore[] = [];
  for (const story of stories) {
    if (!days.has(story.day)) days.set(story.day, readDay(story.day));
    const score = await scoreStory(story, days.get(story.day)!, analyse);
    if (score) out.push(score);
  }
  return out;
}

/** Totals over stories. */
export function totals(scores: StoryScore[]) {
  const sum = (f: (s: StoryScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  return {
    facts: { stated: sum((s) => s.facts.stated), expected: sum((s) => s.facts.expected) },
    angles: { stated: sum((s) => s.angles.stated), expected: sum((s) => s.angles.expected) },
    rejected: sum((s) => s.rejected.length),
    falseOnly: sum((s) => s.falseOnly.length),
    artefacts: sum((s) => s.artefacts.length),
    reworded: { stated: sum((s) => s.reworded.stated), expected: sum((s) => s.reworded.expected) },
    figurePairs: { stated: sum((s) => s.figurePairs.stated), expected: sum((s) => s.figurePairs.expected) },
    contradictions: {
      found: sum((s) => s.contradictions.found),
      expected: sum((s) => s.contradictions.expected),
      false: sum((s) => s.contradictions.false.length),
    },
    singleWordOnly: sum((s) => s.singleWordOnly.length),
    repeatedQuotes: sum((s) => s.repeatedQuotes.length),
    unsupportedCitations: sum((s) => s.unsupportedCitations.length),
    biasShowsWording: sum((s) => (/“/.test(s.result.biasAnalysis) ? 1 : 0)),
    words: { analysis: sum((s) => s.words.analysis), articles: sum((s) => s.words.articles) },
    keywordList: sum((s) => (s.keywordList.length ? 1 : 0)),
    denied: sum((s) => (s.denied.length ? 1 : 0)),
    counts: {
      judged: sum((s) => s.counts.judged),
      wrong: sum((s) => s.counts.wrong.length),
      labelled: sum((s) => s.counts.labelled),
    },
    mispairedFigures: sum((s) => s.mispairedFigures.length),
    cutUnits: sum((s) => s.cutUnits.length),
  };
}
