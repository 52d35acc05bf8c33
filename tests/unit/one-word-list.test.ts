/**
 * House rule: a shared word list lives once, in lib/text/ (issue 35, decision 150). The size words
 * of numbers ("million", "thousands", "percent") and the negators ("not", "never", "won't") are
 * listed in lib/text/magnitudes.ts and lib/text/words.ts; every other module selects from those.
 * This scans the source of lib/, components/, app/ and scripts/ for a literal that lists such
 * words anyway: a string, a regex, a template, a concatenation of strings, an array of strings (or
 * of arrays) or an object's keys holding two size words or three negators, which make at least a
 * quarter of its words (prose, such as the model's prompt, uses "not" and "never" freely). The
 * vocabulary it looks for is the one in lib/text/, so the check follows the lists. The year test
 * is one rule too (lib/text/terms.ts isYear): no other regex writes a year's digits.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { expect, it } from "vitest";
import { PERCENT, SCALE_WORDS, scalePlurals } from "@/lib/text/magnitudes";
import { CONTRACTED_NEGATIONS, NEGATORS } from "@/lib/text/words";
import { repoFiles } from "../helpers/repo-files";

const SIZE_WORDS = new Set([...SCALE_WORDS.keys(), ...scalePlurals([...SCALE_WORDS.keys()]), PERCENT]);
const NEGATION_WORDS = new Set([...NEGATORS, ...CONTRACTED_NEGATIONS.map((w) => w.replace("'", ""))]);

/** How many words of a kind make a literal a list of them: two size words; three negators (an auxiliary list may hold "not never"). */
const KINDS: { name: string; words: Set<string>; atLeast: number }[] = [
  { name: "size words", words: SIZE_WORDS, atLeast: 2 },
  { name: "negators", words: NEGATION_WORDS, atLeast: 3 },
];

/** The least share of a literal's words that words of one kind make, for it to list them. */
const LIST_SHARE = 0.25;

/** A regex that tells a year by its first digits: "(19|20)\d\d", "(?:1[89]|20)\d\d". */
const YEAR_PATTERN = /\((?:\?:)?(?:1\[89\]|1[89])\|20\)\\d/;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/[^\p{L}']+/u)
    .filter(Boolean);

/** The text of a literal that may list words, or null. */
function literalText(n: ts.Node): string | null {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isRegularExpressionLiteral(n))
    return n.text;
  if (ts.isTemplateExpression(n))
    return [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(" ");
  return null;
}

/** The words one list-like expression holds: a literal, a concatenation, an array's literals, an object's keys. */
function listedWords(n: ts.Node): string[] | null {
  const own = literalText(n);
  if (own !== null) return wordsOf(own);
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = listedWords(n.left);
    const right = listedWords(n.right);
    return left && right ? [...left, ...right] : null;
  }
  if (ts.isParenthesizedExpression(n)) return listedWords(n.expression);
  if (ts.isArrayLiteralExpression(n)) return n.elements.flatMap((e) => listedWords(e) ?? []);
  if (ts.isObjectLiteralExpression(n))
    return n.properties.flatMap((p) => (p.name ? wordsOf(p.name.getText().replace(/["']/g, "")) : []));
  return null;
}

/** "file: kind" for each list of size words or negators a source text writes. */
function wordLists(file: string, text: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isRegularExpressionLiteral(n) && YEAR_PATTERN.test(n.text)) found.add(`${file}: a year test`);
    const words = listedWords(n);
    if (words)
      for (const k of KINDS) {
        const listed = words.filter((w) => k.words.has(w));
        if (new Set(listed).size >= k.atLeast && listed.length >= LIST_SHARE * words.length)
          found.add(`${file}: ${k.name}`);
      }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return [...found];
}

it("no module outside lib/text lists size words or negators of its own, or writes a year test", () => {
  const files = repoFiles(["lib", "components", "app", "scripts"], /\.(ts|tsx|mts)$/).filter(
    (f) => !f.startsWith("lib/text/"),
  );
  expect(files.length).toBeGreaterThan(100);
  const lists = files.flatMap((f) => wordLists(f, readFileSync(f, "utf8")));
  expect(lists, "select from lib/text/magnitudes.ts or lib/text/words.ts instead").toEqual([]);
});

it("sees a list in every form it may be written in (the check itself)", () => {
  const cases: [string, string[]][] = [
    [`const A = new Set(["million", "thousand"]);`, ["size words"]],
    [`const B = "thousands millions".split(" ");`, ["size words"]],
    [`const C = /(?:dozens|hundreds)/i;`, ["size words"]],
    ["const D = new RegExp(`(?:${x}|percent|billion)`);", ["size words"]],
    [`const E = { thousand: "k", million: "m" };`, ["size words"]],
    [`const F = "not no never".split(" ");`, ["negators"]],
    [`const G = new Set(["can't", "won’t", "dont"]);`, ["negators"]],
    [`const H = "without nor " + "neither cannot";`, ["negators"]],
    [`const Y = /^(19|20)\\d\\d$/; const Z = /^(?:1[89]|20)\\d\\d$/;`, ["a year test"]],
    [`const K = new Map([...COUNT_WORDS, ["dozen", "12"], ["hundred", "100"]]);`, ["size words"]],
    // One size word, or two negators among other words, is no list.
    [`const I = \`\${n} million\`; const J = "has been not never still".split(" ");`, []],
    // Prose that negates freely lists nothing.
    [
      `const L = "Say what is not there: never invent a name, no figure without its source, and nothing the articles do not support; the model cannot guess.";`,
      [],
    ],
  ];
  for (const [text, kinds] of cases)
    expect(
      wordLists("lib/x.ts", text).map((l) => l.replace("lib/x.ts: ", "")),
      text,
    ).toEqual(kinds);
});
