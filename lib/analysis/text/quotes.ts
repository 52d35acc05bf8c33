/**
 * Quotations in a text: curly and straight, double and single quotes, found by a scanner linear in
 * the text; the text with its quotations blanked out (what an outlet wrote in its own voice); and
 * where a text writes a word as a whole word.
 */

const SPACE = /\s+/g;

export interface QuoteMention {
  text: string;
  start: number;
}

/**
 * Quotations: curly double (“…”), straight double ("…"), curly single (‘…’) and straight single
 * ('…') quotes around 3 to 400 characters. A single quote closes only where no letter follows
 * ("don't" does not close), and a straight single quote opens only after a non-word character.
 * A hand-written scanner rather than one regex: the regex tried up to 400 characters from
 * every opening mark, so a text of unclosed quotes cost 400 steps per character. Here each
 * kind of closing mark is found by a cursor that only moves forward: linear in the text.
 */
const QUOTE_MIN = 3;
const QUOTE_MAX = 400;
const LETTER = /^\p{L}$/u;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

interface QuoteSpan {
  /** The opening mark. */
  start: number;
  /** After the closing mark. */
  end: number;
}

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether the code point at a position is a letter (ASCII answered without a regex). */
function letterAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c < 128 ? isAsciiLetter(c) : LETTER.test(String.fromCodePoint(text.codePointAt(i)!));
}

/**
 * The positions where a text writes a word as a whole word (no letter right before or after it),
 * in order. String steps, no regex per word: callers ask this of long texts, word after word.
 */
export function* wholeWordPositions(text: string, word: string): Generator<number> {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    if (!(at > 0 && letterAt(text, at - 1)) && !letterAt(text, at + word.length)) yield at;
}

/** Whether the code point before a position is a letter or a number. */
function wordCharBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c < 128) return isAsciiLetter(c) || (c >= 48 && c <= 57);
  const low = c >= 0xdc00 && c <= 0xdfff && i >= 2;
  return LETTER_OR_NUMBER.test(low ? text.slice(i - 2, i) : text[i - 1]);
}

function quoteSpans(text: string): QuoteSpan[] {
  const n = text.length;
  // Lengths count code points, as the u-flag regex this replaces did: units minus low surrogates.
  let lows: Int32Array | null = null;
  if (/[\udc00-\udfff]/.test(text)) {
    lows = new Int32Array(n + 1);
    for (let i = 0; i < n; i++)
      lows[i + 1] = lows[i] + (text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff ? 1 : 0);
  }
  const length = (from: number, to: number) => to - from - (lows ? lows[to] - lows[from] : 0);
  // One forward-only cursor per kind of closing mark: the next position at or after `from` where it closes.
  const cursor = (closes: (i: number) => boolean) => {
    let at = 0;
    return (from: number) => {
      if (at < from) at = from;
      while (at < n && !closes(at)) at++;
      return at;
    };
  };
  const nextCurlyDouble = cursor((i) => text[i] === "”");
  const nextStraightDouble = cursor((i) => text[i] === '"');
  const nextCurlySingle = cursor((i) => text[i] === "’");
  // A straight single quote's content may hold a quote followed by a letter ("don't"), never a line break.
  const nextStraightSingleStop = cursor(
    (i) => text[i] === "\n" || (text[i] === "'" && !letterAt(text, i + 1)),
  );

  const out: QuoteSpan[] = [];
  const fits = (open: number, close: number) =>
    close < n && length(open + 1, close) >= QUOTE_MIN && length(open + 1, close) <= QUOTE_MAX;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    let close = -1;
    if (c === "“") close = nextCurlyDouble(i + 1);
    else if (c === '"') close = nextStraightDouble(i + 1);
    else if (c === "‘") {
      const at = nextCurlySingle(i + 1);
      if (!letterAt(text, at + 1)) close = at;
    } else if (c === "'" && !wordCharBefore(text, i)) {
      const at = nextStraightSingleStop(i + 1);
      if (text[at] === "'") close = at;
    } else continue;
    if (close >= 0 && fits(i, close)) {
      out.push({ start: i, end: close + 1 });
      i = close; // matches do not overlap: scanning resumes after the closing mark
    }
  }
  return out;
}

/** Quoted passages of at least three words (or `minWords`). */
export function findQuotes(text: string, minWords = 3): QuoteMention[] {
  const out: QuoteMention[] = [];
  for (const q of quoteSpans(text)) {
    const inner = text.slice(q.start + 1, q.end - 1).trim();
    if (inner.split(SPACE).length >= minWords) out.push({ text: inner, start: q.start });
  }
  return out;
}

/**
 * The text with quoted passages blanked out (what the outlet wrote in its own voice), each
 * character of a quotation replaced by `fill` (a space unless said), so positions stay.
 */
export function withoutQuotes(text: string, fill = " "): string {
  let out = "";
  let from = 0;
  for (const q of quoteSpans(text)) {
    out += text.slice(from, q.start) + fill.repeat(q.end - q.start);
    from = q.end;
  }
  return out + text.slice(from);
}
