/**
 * Names as written: runs of capitalised words joined by single spaces ("Department of Defense",
 * "Mohammed bin Salman"), cut into names at titles ("New York City Mayor Rudy Giuliani" is two) and
 * never starting or ending on a joining word. The one rule for where a name ends, for the
 * analyzer's facts and statements and for the grounding check.
 */
import { CALENDAR_WORDS } from "@/lib/text/terms";
import { HONORIFICS } from "@/lib/text/words";
import { COMMON_WORDS } from "./stop-words";
import { tokenize, type Token } from "./tokens";

/** Whether a capitalised token may be (part of) a name rather than a sentence-opening word. */
export function isNameCandidate(token: Token): boolean {
  if (!token.capitalised || token.text.length < 2) return false;
  if (token.acronym) return !CALENDAR_WORDS.has(token.key);
  if (COMMON_WORDS.has(token.key) || CALENDAR_WORDS.has(token.key)) return false;
  return !/^\p{N}/u.test(token.text);
}

/**
 * Lowercase words that join the capitalised words of one name: "Department of Defense", "Juan de
 * Oñate", "Ludwig van Beethoven", "Mohammed bin Salman". Only between two capitalised words,
 * joined by single spaces; never at a name's start or end.
 */
export const NAME_JOINERS: ReadonlySet<string> = new Set(
  "of de da del della di du dos das van von der den ter bin ibn al".split(" "),
);

/** Whether a token joins a name's words: "of" as written (Title Case writes "Of"), the others in lowercase. */
export function isNameJoiner(t: Token): boolean {
  return t.key === "of" || (!t.capitalised && NAME_JOINERS.has(t.key));
}

/** Runs of adjacent capitalised tokens (names as written), joined by single spaces only. */
export function capitalisedRuns(text: string, tokens: Token[] = tokenize(text)): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = run.at(-1);
    const gap = prev ? text.slice(prev.end, t.start) : "";
    const joined = prev && !prev.possessive && /^ $/.test(gap);
    const connector =
      isNameJoiner(t) &&
      joined &&
      tokens[i + 1] &&
      isNameCandidate(tokens[i + 1]) &&
      text.slice(t.end, tokens[i + 1].start) === " ";
    if (isNameCandidate(t) || connector) {
      if (!joined) flush();
      run.push(t);
    } else {
      flush();
    }
  }
  flush();
  return runs
    .map((r) => (r.at(-1) && isNameJoiner(r.at(-1)!) ? r.slice(0, -1) : r))
    .filter((r) => r.length > 0);
}

/**
 * Words that make a title with the title after them ("Prime Minister", "Foreign Secretary",
 * "Deputy Mayor", "Attorney General", "First Lady"): before a title, they are part of it, not a name.
 */
export const TITLE_PARTS: ReadonlySet<string> = new Set(
  (
    "prime deputy acting foreign home defence defense interior finance health justice education first interim " +
    "attorney surgeon trade transport energy environment culture labour labor treasury opposition party"
  ).split(" "),
);

/**
 * The names a run of capitalised words holds: it is cut at titles ("New York City Mayor Rudy
 * Giuliani" is two names; the words of a title before it are no name: "Prime" of "British Prime
 * Minister Boris Johnson") and wherever `breaks` says, and a name neither starts nor ends with a
 * joining word ("of", "de": NAME_JOINERS). The one rule for where a name ends, for the analyzer's
 * facts and statements and for the grounding check.
 */
export function namesInRun(run: Token[], breaks: (t: Token) => boolean = () => false): Token[][] {
  const names: Token[][] = [];
  let current: Token[] = [];
  const flush = () => {
    let from = 0;
    let to = current.length;
    while (from < to && isNameJoiner(current[from])) from++;
    while (to > from && isNameJoiner(current[to - 1])) to--;
    if (to > from) names.push(current.slice(from, to));
    current = [];
  };
  for (const t of run) {
    if (HONORIFICS.has(t.key)) {
      while (current.length && TITLE_PARTS.has(current.at(-1)!.key)) current.pop();
      flush();
    } else if (breaks(t)) flush();
    else current.push(t);
  }
  flush();
  return names;
}
